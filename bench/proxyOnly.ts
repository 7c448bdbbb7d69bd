// The transparent proxy's figures alone: `npm run build:server && node --import tsx bench/proxyOnly.ts [calls]`.
import { loadavg } from 'node:os';
import { proxyOverheadLines, runProxyOverheadBench } from './proxyOverhead.js';

const calls = Number(process.argv[2]) || 2_000;
const load = loadavg()[0] ?? 0;
const result = await runProxyOverheadBench(calls);
console.log(`load average at start ${load.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
console.log(proxyOverheadLines(result).join('\n'));
