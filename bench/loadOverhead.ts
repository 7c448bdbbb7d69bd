// The load test's own overhead: `mcp-inspect load echo` against a bare SDK client making the same
// calls (directLoad.ts), in the same run, alternating, against the demo server over stdio.
//   npm run build && node --import tsx bench/loadOverhead.ts [runs]
// Figures, never assertions: calls per second (the calls alone, from each one's own clock), and
// CPU per call (process and server, by GNU time), taken as the difference between a long and a
// short run so that starting Node, loading modules and the handshake fall out.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleScript } from './bundleScript.js';
import { CLI_PATH, DEMO_SERVER_PATH } from './paths.js';
import { stopProcess, track } from './processes.js';
import { median } from './stats.js';

const DIRECT_SOURCE = fileURLToPath(new URL('./directLoad.ts', import.meta.url));
const DIRECT_BUILT = fileURLToPath(new URL('../.tmp/bench/directLoad.mjs', import.meta.url));
const CPU_FILE = fileURLToPath(new URL('../.tmp/bench/load-cpu.txt', import.meta.url));
const GNU_TIME = '/usr/bin/time';
const TIMEOUT_MS = 120_000;
const CONCURRENCY = 8;
/** The short and the long run: their difference is the calls alone. */
const SHORT = 200;
const LONG = 2000;

type Era = 'legacy' | 'modern';

interface Sample {
  /** Calls per second of the calls phase, by the client's own clock. */
  callsPerSecond: number;
  /** CPU of the process and its server, user + system, ms. */
  cpuMs: number;
}

export interface LoadOverheadFigures {
  era: Era;
  runs: number;
  concurrency: number;
  requests: { short: number; long: number };
  load: { callsPerSecond: number; cpuPerCallMs: number };
  direct: { callsPerSecond: number; cpuPerCallMs: number };
  /** load ÷ direct. */
  throughputRatio: number;
  cpuPerCallRatio: number;
}

export async function runLoadOverheadBench(
  runs = 3,
  eras: Era[] = ['modern', 'legacy'],
): Promise<LoadOverheadFigures[]> {
  await bundleDirectClient();
  const figures: LoadOverheadFigures[] = [];
  for (const era of eras) {
    const samples = {
      load: { short: [] as Sample[], long: [] as Sample[] },
      direct: { short: [] as Sample[], long: [] as Sample[] },
    };
    for (let run = 0; run < runs; run += 1) {
      for (const size of ['short', 'long'] as const) {
        const requests = size === 'short' ? SHORT : LONG;
        samples.load[size].push(await measure(loadArgs(era, requests), 'load'));
        samples.direct[size].push(
          await measure(
            [DIRECT_BUILT, era, DEMO_SERVER_PATH, String(CONCURRENCY), String(requests)],
            'direct',
          ),
        );
      }
    }
    const of = (which: 'load' | 'direct') => ({
      callsPerSecond: median(samples[which].long.map((sample) => sample.callsPerSecond)),
      cpuPerCallMs:
        (median(samples[which].long.map((sample) => sample.cpuMs)) -
          median(samples[which].short.map((sample) => sample.cpuMs))) /
        (LONG - SHORT),
    });
    const load = of('load');
    const direct = of('direct');
    figures.push({
      era,
      runs,
      concurrency: CONCURRENCY,
      requests: { short: SHORT, long: LONG },
      load,
      direct,
      throughputRatio: load.callsPerSecond / direct.callsPerSecond,
      cpuPerCallRatio: load.cpuPerCallMs / direct.cpuPerCallMs,
    });
  }
  return figures;
}

export function loadOverheadLines(figures: LoadOverheadFigures[]): string[] {
  const lines = [
    `Load test overhead (mcp-inspect load echo vs a bare SDK client, concurrency ${CONCURRENCY}, medians):`,
  ];
  for (const f of figures) {
    lines.push(
      `  ${f.era}: load ${f.load.callsPerSecond.toFixed(0)} calls/s, ${(f.load.cpuPerCallMs * 1000).toFixed(0)} µs CPU/call; direct ${f.direct.callsPerSecond.toFixed(0)} calls/s, ${(f.direct.cpuPerCallMs * 1000).toFixed(0)} µs CPU/call; ratio ${f.throughputRatio.toFixed(2)}× throughput, ${f.cpuPerCallRatio.toFixed(2)}× CPU per call (${f.runs} runs of ${f.requests.short} and ${f.requests.long} calls; CPU includes the server's)`,
    );
  }
  return lines;
}

function loadArgs(era: Era, requests: number): string[] {
  return [
    CLI_PATH,
    'load',
    'echo',
    '--arg',
    'message=hi',
    '--concurrency',
    String(CONCURRENCY),
    '--requests',
    String(requests),
    '--era',
    era,
    '--json',
    '-q',
    '--',
    process.execPath,
    DEMO_SERVER_PATH,
  ];
}

/** Runs `node args` under GNU time; reads the calls phase from its JSON on stdout. */
function measure(args: string[], what: string): Promise<Sample> {
  rmSync(CPU_FILE, { force: true });
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is needed for the CPU figures`);
  const child = spawn(GNU_TIME, ['-f', '%U %S', '-o', CPU_FILE, process.execPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopProcess(child, 'SIGKILL');
      reject(new Error(`${what} did not finish in ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`${what} exited ${code}: ${stderr.trim().slice(-500)}`));
      const document = JSON.parse(stdout) as { completed: number; elapsedMs: number };
      const [user = Number.NaN, system = Number.NaN] = readFileSync(CPU_FILE, 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number);
      resolve({
        callsPerSecond: (document.completed * 1000) / document.elapsedMs,
        cpuMs: (user + system) * 1000,
      });
    });
  });
}

function bundleDirectClient(): Promise<void> {
  return bundleScript(DIRECT_SOURCE, DIRECT_BUILT);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Number(process.argv[2]) || 3;
  const atStart = loadavg()[0] ?? 0;
  const figures = await runLoadOverheadBench(runs);
  console.log(`load average at start ${atStart.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
  console.log(loadOverheadLines(figures).join('\n'));
}
