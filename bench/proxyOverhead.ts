// What the transparent proxy adds (`mcp-inspect proxy -- node demoServer.js`), against the same
// SDK client spawning the demo server directly, in the same run, paths taking turns: sequential
// echo calls/s and their ratio (goal ≥ 0.95), the latency the proxy adds at p50 and p99, the
// proxy's CPU per message, and the same again with a collector taking the capture live (a page
// watching). Then the time to the first answer (spawn → initialize answered), direct and proxied.
//   npm run build:server && node --import tsx bench/proxyOnly.ts
// Figures, never assertions.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CaptureCollector } from '../server/captures/captureCollector.js';
import { echoText, measureEcho, type EchoCall, type EchoFigures } from './echoWorkload.js';
import { fileURLToPath } from 'node:url';
import { CLI_PATH, DEMO_SERVER_PATH } from './paths.js';
import { processCpuMs } from './processes.js';
import { median } from './stats.js';

/** The SDK probes in place with a subclass of its own transport (see directVerb.ts). */
class InPlaceStdio extends StdioClientTransport {}

export const PROXY_THROUGHPUT_GOAL = 0.95;
/** A relay that only pipes bytes (bench/rawStdioRelay.mjs): the floor of any proxy process. */
const RAW_RELAY_PATH = fileURLToPath(new URL('./rawStdioRelay.mjs', import.meta.url));
/**
 * Another build's CLI (`MCPI_BENCH_OTHER_CLI=/path/to/dist/server/cli.js`, a copy of dist before
 * a change): its proxy takes turns with this one in the same run, so a change is measured
 * against what it replaces under the same load.
 */
const OTHER_CLI = process.env.MCPI_BENCH_OTHER_CLI;

export interface ProxyOverheadResult {
  direct: EchoFigures;
  proxy: EchoFigures;
  watched: EchoFigures;
  /** A bare byte relay process, the floor of any proxy. */
  floor: EchoFigures;
  /** proxy ÷ direct, sequential calls/s. */
  ratio: number;
  /** floor ÷ direct: what the extra process hop alone costs. */
  floorRatio: number;
  /** proxy ÷ floor: what the proxy's own work costs. */
  proxyOverFloor: number;
  floorCpuUsPerMessage: number;
  /** The proxy of MCPI_BENCH_OTHER_CLI, when set: sequential figures and CPU per message. */
  other?: { figures: EchoFigures; ratio: number; cpuUsPerMessage: number };
  watchedRatio: number;
  /** Milliseconds the proxy adds to a call, at p50 and p99. */
  addedP50Ms: number;
  addedP99Ms: number;
  /** The proxy's CPU per message (a call is two messages). */
  cpuUsPerMessage: number;
  watchedCpuUsPerMessage: number;
  /** Spawn to the initialize answer, median of the runs. */
  firstAnswerMs: { direct: number; proxy: number };
}

async function connect(
  args: string[],
  env?: Record<string, string>,
): Promise<{ client: Client; pid: number | undefined }> {
  const client = new Client(
    { name: 'proxy-bench', version: '0' },
    { versionNegotiation: { mode: 'legacy' } },
  );
  const transport = new InPlaceStdio({
    command: process.execPath,
    args,
    stderr: 'ignore',
    ...(env ? { env } : {}),
  });
  await client.connect(transport);
  return { client, pid: transport.pid ?? undefined };
}

const echo =
  (client: Client) =>
  async (message: string): Promise<string> =>
    echoText(await client.callTool({ name: 'echo', arguments: { message } }));

/** Spawn → the initialize answer, by a raw client writing one line (no SDK in the way). */
function firstAnswerMs(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '0' } } })}\n`,
  );
  return new Promise((resolve) => {
    child.stdout.once('data', () => {
      const ms = performance.now() - started;
      child.stdin.end();
      child.once('close', () => resolve(ms));
    });
  });
}

export async function runProxyOverheadBench(sequential = 2_000): Promise<ProxyOverheadResult> {
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-proxy-bench-'));
  const proxyArgs = [
    CLI_PATH,
    'proxy',
    '--capture-dir',
    join(scratch, 'captures'),
    '--',
    process.execPath,
    DEMO_SERVER_PATH,
  ];
  // No rendezvous for the plain proxy (an empty state folder); one with a collector for the watched one.
  const quiet = { ...(process.env as Record<string, string>), XDG_STATE_HOME: join(scratch, 'quiet') };
  const watchedHome = join(scratch, 'watched');
  const collector = await CaptureCollector.start({
    rendezvousFile: join(watchedHome, 'mcp-inspect', 'rendezvous.json'),
  });
  const [direct, proxy, watched, floor] = await Promise.all([
    connect([DEMO_SERVER_PATH]),
    connect(proxyArgs, quiet),
    connect(proxyArgs, { ...(process.env as Record<string, string>), XDG_STATE_HOME: watchedHome }),
    connect([RAW_RELAY_PATH, process.execPath, DEMO_SERVER_PATH]),
  ]);
  const other =
    OTHER_CLI === undefined ? undefined : await connect([OTHER_CLI, ...proxyArgs.slice(1)], quiet);
  try {
    const calls: Record<string, EchoCall> = {
      direct: echo(direct.client),
      proxy: echo(proxy.client),
      watched: echo(watched.client),
      floor: echo(floor.client),
      ...(other ? { other: echo(other.client) } : {}),
    };
    const cpuClocks: Record<string, () => number> = {
      proxy: () => processCpuMs(proxy.pid),
      watched: () => processCpuMs(watched.pid),
      floor: () => processCpuMs(floor.pid),
      ...(other ? { other: () => processCpuMs(other.pid) } : {}),
    };
    const measured = await measureEcho(
      calls,
      { warmup: 200, sequential, rounds: 10, inFlight: 200, batches: 5 },
      cpuClocks,
    );
    const { other: otherFigures, ...figures } = measured as Record<
      'direct' | 'proxy' | 'watched' | 'floor',
      EchoFigures
    > & { other?: EchoFigures };
    const starts = { direct: [] as number[], proxy: [] as number[] };
    for (let run = 0; run < 7; run += 1) {
      starts.direct.push(await firstAnswerMs([DEMO_SERVER_PATH]));
      starts.proxy.push(await firstAnswerMs(proxyArgs));
    }
    const d = figures.direct.sequential;
    const p = figures.proxy.sequential;
    return {
      ...figures,
      ratio: p.callsPerSecond / d.callsPerSecond,
      watchedRatio: figures.watched.sequential.callsPerSecond / d.callsPerSecond,
      floorRatio: figures.floor.sequential.callsPerSecond / d.callsPerSecond,
      proxyOverFloor: p.callsPerSecond / figures.floor.sequential.callsPerSecond,
      floorCpuUsPerMessage: (figures.floor.sequential.cpuUsPerCall ?? Number.NaN) / 2,
      ...(otherFigures
        ? {
            other: {
              figures: otherFigures,
              ratio: otherFigures.sequential.callsPerSecond / d.callsPerSecond,
              cpuUsPerMessage: (otherFigures.sequential.cpuUsPerCall ?? Number.NaN) / 2,
            },
          }
        : {}),
      addedP50Ms: p.latencyMs.p50 - d.latencyMs.p50,
      addedP99Ms: p.latencyMs.p99 - d.latencyMs.p99,
      cpuUsPerMessage: (p.cpuUsPerCall ?? Number.NaN) / 2,
      watchedCpuUsPerMessage: (figures.watched.sequential.cpuUsPerCall ?? Number.NaN) / 2,
      firstAnswerMs: { direct: median(starts.direct), proxy: median(starts.proxy) },
    };
  } finally {
    await Promise.all([
      direct.client.close(),
      proxy.client.close(),
      watched.client.close(),
      floor.client.close(),
      other?.client.close(),
    ]);
    await collector.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function proxyOverheadLines(result: ProxyOverheadResult): string[] {
  const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  const f = (n: number, digits = 0): string => n.toFixed(digits);
  return [
    'Transparent proxy (mcp-inspect proxy -- demo server), legacy era, sequential echo calls:',
    `  direct ${f(result.direct.sequential.callsPerSecond)} calls/s, proxy ${f(result.proxy.sequential.callsPerSecond)} calls/s: ratio ${f(result.ratio, 3)} (goal ≥ ${PROXY_THROUGHPUT_GOAL}: ${met(result.ratio >= PROXY_THROUGHPUT_GOAL)})`,
    `  with a collector watching (a page): ${f(result.watched.sequential.callsPerSecond)} calls/s, ratio ${f(result.watchedRatio, 3)} (goal ≥ ${PROXY_THROUGHPUT_GOAL}: ${met(result.watchedRatio >= PROXY_THROUGHPUT_GOAL)})`,
    `  a bare byte relay process (the floor of any proxy): ${f(result.floor.sequential.callsPerSecond)} calls/s, ratio ${f(result.floorRatio, 3)} to direct; the proxy ÷ it: ${f(result.proxyOverFloor, 3)}`,
    ...(result.other
      ? [
          `  the other build (MCPI_BENCH_OTHER_CLI), in turn with this one: ${f(result.other.figures.sequential.callsPerSecond)} calls/s, ratio ${f(result.other.ratio, 3)}, p50 ${f(result.other.figures.sequential.latencyMs.p50, 3)} ms, CPU per message ${f(result.other.cpuUsPerMessage, 1)} µs`,
        ]
      : []),
    `  latency added: p50 ${f(result.addedP50Ms, 3)} ms, p99 ${f(result.addedP99Ms, 3)} ms (direct p50 ${f(result.direct.sequential.latencyMs.p50, 3)}, p99 ${f(result.direct.sequential.latencyMs.p99, 3)} ms)`,
    `  proxy CPU per message: ${f(result.cpuUsPerMessage, 1)} µs (watched: ${f(result.watchedCpuUsPerMessage, 1)} µs; the bare relay: ${f(result.floorCpuUsPerMessage, 1)} µs)`,
    `  200 calls in flight: direct ${f(result.direct.inFlight.callsPerSecond)} calls/s, proxy ${f(result.proxy.inFlight.callsPerSecond)}, watched ${f(result.watched.inFlight.callsPerSecond)}`,
    `  first answer (spawn → initialize answered), median of 7: direct ${f(result.firstAnswerMs.direct)} ms, proxy ${f(result.firstAnswerMs.proxy)} ms (+${f(result.firstAnswerMs.proxy - result.firstAnswerMs.direct)} ms)`,
  ];
}
