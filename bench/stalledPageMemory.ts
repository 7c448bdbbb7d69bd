// The bridge's peak memory while a page that stopped reading its socket sits under a flood of
// large messages (the figure printed, never asserted): `npm run build && node --import tsx
// bench/stalledPageMemory.ts [count] [megabytes]` (default 320 messages of 2.5 MB: 800 MB,
// several times everything the bridge may keep, with the product's memory bounds).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BridgeClient } from './bridgeClient.js';
import { launchCli } from './cliProcess.js';

const FLOOD_SERVER_PATH = fileURLToPath(new URL('../e2e/fixtures/floodsLargeMessages.mjs', import.meta.url));
const FLOOD_TIMEOUT_MS = 300_000;

export interface StalledPageMemory {
  count: number;
  megabytes: number;
  /** The bridge's resident memory once the page is connected, before the flood (MB). */
  rssBeforeMb: number;
  /** Its peak resident memory (VmHWM) once the whole flood went through (MB). */
  peakMb: number;
  /** Its resident memory then (MB). */
  rssAfterMb: number;
  /** Large frames the bridge keeps on disk for a reload once the flood is over (none when it kept them in memory). */
  framesOnDisk: { count: number; megabytes: number };
  /** Whether the bridge dropped the page for falling behind, as it should. */
  pageDropped: boolean;
  floodSeconds: number;
}

/** The files of the bridge's large-frame folder (largeFrameStore.ts), found by its pid. */
function framesOnDisk(pid: number): { count: number; megabytes: number } {
  const folder = readdirSync(tmpdir()).find((name) => name.startsWith(`mcp-inspect-frames-${pid}-`));
  if (folder === undefined) return { count: 0, megabytes: 0 };
  const files = readdirSync(join(tmpdir(), folder));
  let bytes = 0;
  for (const file of files) bytes += statSync(join(tmpdir(), folder, file)).size;
  return { count: files.length, megabytes: bytes / (1024 * 1024) };
}

function memoryMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string): number =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
  return { now: field('VmRSS'), peak: field('VmHWM') };
}

export async function runStalledPageMemoryBench(count = 320, megabytes = 2.5): Promise<StalledPageMemory> {
  const cli = await launchCli([process.execPath, FLOOD_SERVER_PATH]);
  const pid = cli.child.pid!;
  let page: BridgeClient | undefined;
  try {
    page = await BridgeClient.connect(cli.port, cli.token);
    await page.initialize();
    const before = memoryMb(pid);
    // The page stops reading: its TCP window fills, and what the bridge sends it waits there.
    page.stopReading();
    const started = performance.now();
    // The server never answers: it writes the flood, then exits with code 0.
    page
      .request('tools/call', { name: 'flood', arguments: { count, megabytes } }, FLOOD_TIMEOUT_MS)
      .catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the flood did not end in time')), FLOOD_TIMEOUT_MS);
      const poll = setInterval(() => {
        if (!/exited with code 0/.test(cli.output())) return;
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }, 50);
    });
    const floodSeconds = (performance.now() - started) / 1000;
    const after = memoryMb(pid);
    // Writes still under way end within moments of the flood.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return {
      framesOnDisk: framesOnDisk(pid),
      count,
      megabytes,
      rssBeforeMb: before.now,
      peakMb: after.peak,
      rssAfterMb: after.now,
      pageDropped: /dropped a page: it fell behind/.test(cli.output()),
      floodSeconds,
    };
  } finally {
    if (process.env.BENCH_SHOW_OUTPUT) console.log(cli.output().slice(-6000));
    await page?.close();
    await cli.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2]) || undefined;
  const megabytes = Number(process.argv[3]) || undefined;
  const result = await runStalledPageMemoryBench(count, megabytes);
  const mb = (value: number): string => `${Math.round(value)} MB`;
  console.log(
    `stalled page, ${result.count} × ${result.megabytes} MB flood (${result.floodSeconds.toFixed(1)} s): ` +
      `bridge RSS ${mb(result.rssBeforeMb)} before, peak ${mb(result.peakMb)}, ${mb(result.rssAfterMb)} after; ` +
      `page ${result.pageDropped ? 'dropped for falling behind' : 'NOT dropped'}; ` +
      `${result.framesOnDisk.count} large frames kept on disk (${mb(result.framesOnDisk.megabytes)})`,
  );
}
