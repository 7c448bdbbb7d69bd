import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { modernEnvelope, CLIENT_INFO, PROTOCOL_VERSION } from './bridgeClient.js';
import { CLI_PATH, DEMO_SERVER_PATH } from './paths.js';
import { stopProcess, track } from './processes.js';
import { median, spread, type Spread } from './stats.js';

const DIRECT_SOURCE = fileURLToPath(new URL('./directVerb.ts', import.meta.url));
const DIRECT_BUILT = fileURLToPath(new URL('../.tmp/bench/directVerb.mjs', import.meta.url));
const TIMEOUT_MS = 30_000;

type Era = 'legacy' | 'modern';

/** One process, from its spawn: when its result was on stdout, and when it had exited. */
interface Timed {
  resultMs: number;
  exitMs: number;
}

export interface VerbFigures {
  era: Era;
  /** `mcp-inspect call echo` (tools/list, then tools/call), spawn → result printed, and → exit. */
  cliCall: { result: Spread; exit: Spread };
  /** A bare SDK client doing the same (connect, callTool, print, close), bundled the same way. */
  directCall: { result: Spread; exit: Spread };
  /** `mcp-inspect tools --json`, spawn → the list printed. */
  cliTools: { result: Spread; exit: Spread };
  /** The demo server alone: spawned, its handshake and tools/list written at once, → the list. */
  serverAloneTools: Spread;
  /** cli ÷ direct, and cli − direct, of the medians (spawn → result). */
  callRatio: number;
  callExtraMs: number;
  /** cli tools − server alone, of the medians: what the CLI adds to the server's own time. */
  toolsExtraMs: number;
}

export interface VerbsResult {
  runs: number;
  eras: VerbFigures[];
}

/**
 * The headless verbs' figures (never assertions): for each era, `call` from spawn to printed
 * result against a direct SDK client doing the same in the same run, and `tools` against the demo
 * server alone; runs alternate, so load on the machine falls on all of them alike.
 */
export async function runVerbsBench(runs = 7): Promise<VerbsResult> {
  await bundleDirectClient();
  const eras: VerbFigures[] = [];
  for (const era of ['modern', 'legacy'] as const) {
    const cliCall: Timed[] = [];
    const directCall: Timed[] = [];
    const cliTools: Timed[] = [];
    const alone: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      cliCall.push(
        await timed(
          CLI_PATH,
          [
            'call',
            'echo',
            '--arg',
            'message=hi',
            '-q',
            '--era',
            era,
            '--',
            process.execPath,
            DEMO_SERVER_PATH,
          ],
          'hi\n',
        ),
      );
      directCall.push(await timed(DIRECT_BUILT, [era, 'call', DEMO_SERVER_PATH], 'hi\n'));
      cliTools.push(
        await timed(
          CLI_PATH,
          ['tools', '--json', '-q', '--era', era, '--', process.execPath, DEMO_SERVER_PATH],
          '\n}\n',
        ),
      );
      alone.push(await serverAloneToolsMs(era));
    }
    const figures = {
      era,
      cliCall: both(cliCall),
      directCall: both(directCall),
      cliTools: both(cliTools),
      serverAloneTools: spread(alone),
    };
    const cli = figures.cliCall.result.medianMs;
    const direct = figures.directCall.result.medianMs;
    eras.push({
      ...figures,
      callRatio: cli / direct,
      callExtraMs: cli - direct,
      toolsExtraMs: figures.cliTools.result.medianMs - median(alone),
    });
  }
  return { runs, eras };
}

function both(runs: Timed[]): { result: Spread; exit: Spread } {
  return { result: spread(runs.map((run) => run.resultMs)), exit: spread(runs.map((run) => run.exitMs)) };
}

async function bundleDirectClient(): Promise<void> {
  mkdirSync(fileURLToPath(new URL('../.tmp/bench/', import.meta.url)), { recursive: true });
  await build({
    entryPoints: [DIRECT_SOURCE],
    outfile: DIRECT_BUILT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    // As scripts/build-server.mjs does for the CLI: bundled CommonJS calls require().
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  });
}

/** Spawns `node script args`, timing the first time stdout ends with `end`, and the exit. */
function timed(script: string, args: string[], end: string): Promise<Timed> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
  let stdout = '';
  let stderr = '';
  let resultMs: number | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (resultMs === undefined && stdout.endsWith(end)) resultMs = performance.now() - spawnedAt;
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopProcess(child, 'SIGKILL');
      reject(new Error(`${script} ${args.join(' ')} did not finish in ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const exitMs = performance.now() - spawnedAt;
      if (code !== 0 || resultMs === undefined) {
        reject(
          new Error(`${script} ${args.slice(0, 2).join(' ')} exited ${code}: ${stderr.trim().slice(-500)}`),
        );
      } else resolve({ resultMs, exitMs });
    });
  });
}

/**
 * The floor under `tools`: the demo server spawned, its handshake (legacy: initialize and
 * initialized; modern: none, every request carries its envelope) and tools/list written at once,
 * to the list's arrival.
 */
async function serverAloneToolsMs(era: Era): Promise<number> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [DEMO_SERVER_PATH], { stdio: ['pipe', 'pipe', 'ignore'] });
  track(child);
  try {
    const lines =
      era === 'modern'
        ? [{ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: modernEnvelope() } }]
        : [
            {
              jsonrpc: '2.0',
              id: 1,
              method: 'initialize',
              params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
            },
            { jsonrpc: '2.0', method: 'notifications/initialized' },
            { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
          ];
    child.stdin.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    return await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error('the demo server did not answer tools/list')),
        TIMEOUT_MS,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/"id":2[,}]/.test(output) && output.endsWith('\n')) {
          clearTimeout(timer);
          resolve(performance.now() - spawnedAt);
        }
      });
    });
  } finally {
    child.stdin.end();
    await stopProcess(child, 'SIGTERM', 2_000);
  }
}
