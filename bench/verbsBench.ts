import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleScript } from './bundleScript.js';
import { modernEnvelope, CLIENT_INFO, PROTOCOL_VERSION } from './bridgeClient.js';
import { CLI_PATH, DEMO_SERVER_PATH } from './paths.js';
import { stopProcess, track } from './processes.js';
import { median, spread, type Spread } from './stats.js';

const DIRECT_SOURCE = fileURLToPath(new URL('./directVerb.ts', import.meta.url));
const DIRECT_BUILT = fileURLToPath(new URL('../.tmp/bench/directVerb.mjs', import.meta.url));
const TIMEOUT_MS = 30_000;
/**
 * GNU time, for each process's CPU (user + system, its waited-for children included: a verb's
 * server, the direct client's server). CPU time moves less than wall time on a busy machine.
 */
const GNU_TIME = '/usr/bin/time';
const CPU_FILE = fileURLToPath(new URL('../.tmp/bench/cpu.txt', import.meta.url));

type Era = 'legacy' | 'modern';

/** One process, from its spawn: when its result was on stdout, and when it had exited. */
interface Timed {
  resultMs: number;
  exitMs: number;
  /** CPU of the process and its server, user + system, when GNU time is there. */
  cpuMs?: number;
}

/** Wall time from spawn to the result and to the exit; CPU of the whole run. */
export interface RunFigures {
  result: Spread;
  exit: Spread;
  cpu?: Spread;
}

export interface VerbFigures {
  era: Era;
  /** `mcp-inspect call echo` (tools/list, then tools/call), spawn → result printed, and → exit. */
  cliCall: RunFigures;
  /** A bare SDK client doing the same (connect, callTool, print, close), bundled the same way. */
  directCall: RunFigures;
  /** `mcp-inspect tools --json`, spawn → the list printed. */
  cliTools: RunFigures;
  /** The demo server alone: spawned, its handshake and tools/list written at once, → the list. */
  serverAloneTools: RunFigures;
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
    const alone: Timed[] = [];
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
      serverAloneTools: both(alone),
    };
    const cli = figures.cliCall.result.medianMs;
    const direct = figures.directCall.result.medianMs;
    eras.push({
      ...figures,
      callRatio: cli / direct,
      callExtraMs: cli - direct,
      toolsExtraMs: figures.cliTools.result.medianMs - median(alone.map((run) => run.resultMs)),
    });
  }
  return { runs, eras };
}

function both(runs: Timed[]): RunFigures {
  const cpu = runs.flatMap((run) => (run.cpuMs === undefined ? [] : [run.cpuMs]));
  return {
    result: spread(runs.map((run) => run.resultMs)),
    exit: spread(runs.map((run) => run.exitMs)),
    ...(cpu.length === runs.length ? { cpu: spread(cpu) } : {}),
  };
}

/** `node args`, under GNU time when it is there. */
function spawnNode(args: string[], stdin: 'ignore' | 'pipe'): ChildProcessWithoutNullStreams {
  rmSync(CPU_FILE, { force: true });
  const timedArgs = ['-f', '%U %S', '-o', CPU_FILE, process.execPath, ...args];
  const child = existsSync(GNU_TIME)
    ? spawn(GNU_TIME, timedArgs, { stdio: [stdin, 'pipe', 'pipe'] })
    : spawn(process.execPath, args, { stdio: [stdin, 'pipe', 'pipe'] });
  track(child);
  return child as ChildProcessWithoutNullStreams;
}

/** What GNU time wrote for the last process, in ms. */
function cpuOfLast(): number | undefined {
  if (!existsSync(CPU_FILE)) return undefined;
  const [user = Number.NaN, system = Number.NaN] = readFileSync(CPU_FILE, 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  return Number.isFinite(user + system) ? (user + system) * 1000 : undefined;
}

function bundleDirectClient(): Promise<void> {
  return bundleScript(DIRECT_SOURCE, DIRECT_BUILT);
}

/** Spawns `node script args`, timing the first time stdout ends with `end`, and the exit. */
function timed(script: string, args: string[], end: string): Promise<Timed> {
  const spawnedAt = performance.now();
  const child = spawnNode([script, ...args], 'ignore');
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
      } else {
        const cpuMs = cpuOfLast();
        resolve({ resultMs, exitMs, ...(cpuMs === undefined ? {} : { cpuMs }) });
      }
    });
  });
}

/**
 * The floor under `tools`: the demo server spawned, its handshake (legacy: initialize and
 * initialized; modern: none, every request carries its envelope) and tools/list written at once,
 * to the list's arrival.
 */
async function serverAloneToolsMs(era: Era): Promise<Timed> {
  const spawnedAt = performance.now();
  const child = spawnNode([DEMO_SERVER_PATH], 'pipe');
  child.stderr.resume();
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
  const exited = new Promise<number>((resolve) =>
    child.once('exit', () => resolve(performance.now() - spawnedAt)),
  );
  try {
    const resultMs = await new Promise<number>((resolve, reject) => {
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
    // The demo exits when its stdin ends, as it does when a client goes away.
    child.stdin.end();
    const exitMs = await exited;
    const cpuMs = cpuOfLast();
    return { resultMs, exitMs, ...(cpuMs === undefined ? {} : { cpuMs }) };
  } finally {
    await stopProcess(child, 'SIGTERM', 2_000);
  }
}
