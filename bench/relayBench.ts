import { EventEmitter } from 'node:events';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BridgeClient } from './bridgeClient.js';
import { launchCli, type RunningCli } from './cliProcess.js';
import { echoText, measureEcho, type EchoFigures, type EchoPlan } from './echoWorkload.js';
import { DEMO_SERVER_PATH } from './paths.js';
import { processCpuMs, type StopReport } from './processes.js';
import { RawRelayClient } from './rawRelay.js';

/** Which protocol era both clients speak. */
export type BenchEra = 'legacy' | 'modern';

export interface RelayResult {
  era: BenchEra;
  plan: EchoPlan;
  direct: EchoFigures;
  /** The floor of any bridge: a process piping WebSocket messages to the server's stdio and back. */
  rawRelay: EchoFigures;
  bridge: EchoFigures;
  /** bridge ÷ direct calls per second. */
  sequentialRatio: number;
  inFlightRatio: number;
  /** bridge ÷ raw relay calls per second; the goal is ≥ 0.9 for both. */
  sequentialToRawRatio: number;
  inFlightToRawRatio: number;
  /** How the CLI went down when asked with SIGINT. */
  cliStop: StopReport;
  /** Lines the CLI printed that look like trouble (warnings, internal or transport errors). */
  cliWarnings: string[];
}

/**
 * Short alternating rounds and more batches than a quiet machine needs: on two shared cores, a
 * burst of load elsewhere then spoils a round or a batch of each path, and the medians hold.
 */
export const DEFAULT_PLAN: EchoPlan = {
  warmup: 300,
  sequential: 2_400,
  rounds: 12,
  inFlight: 1_000,
  batches: 7,
};

/**
 * The same demo server code reached straight over stdio (the SDK client, as any MCP host would),
 * through a raw relay process (WebSocket ↔ stdio, nothing else: the floor of any bridge) and
 * through the bridge (the page's wire), all open at once so they can take turns.
 */
export async function runRelayBench(
  plan: EchoPlan = DEFAULT_PLAN,
  era: BenchEra = 'legacy',
): Promise<RelayResult> {
  // The SDK waits for 'drain' with one listener per queued write, so a batch in flight trips
  // Node's leak warning in this process; it is noise here, not a leak.
  const maxListeners = EventEmitter.defaultMaxListeners;
  EventEmitter.defaultMaxListeners = plan.inFlight + 10;

  const direct = new Client(
    { name: 'mcp-inspect-bench', version: '0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  let cli: RunningCli | undefined;
  let bridge: BridgeClient | undefined;
  let raw: RawRelayClient | undefined;
  try {
    await direct.connect(
      new StdioClientTransport({ command: process.execPath, args: [DEMO_SERVER_PATH], stderr: 'ignore' }),
    );
    raw = await RawRelayClient.start(process.execPath, [DEMO_SERVER_PATH]);
    if (era === 'modern') await raw.discover();
    else await raw.initialize();
    cli = await launchCli();
    bridge = await BridgeClient.connect(cli.port, cli.token);
    if (era === 'modern') await bridge.discover();
    else await bridge.initialize();
    const overBridge = bridge;
    const overRaw = raw;
    const figures = await measureEcho(
      {
        direct: async (message) => echoText(await direct.callTool({ name: 'echo', arguments: { message } })),
        rawRelay: async (message) =>
          echoText((await overRaw.request('tools/call', { name: 'echo', arguments: { message } })).result),
        bridge: async (message) =>
          echoText((await overBridge.request('tools/call', { name: 'echo', arguments: { message } })).result),
      },
      plan,
      { rawRelay: () => processCpuMs(overRaw.pid), bridge: () => processCpuMs(cli?.child.pid) },
    );
    await bridge.close();
    const cliStop = await cli.stop();
    return {
      era,
      plan,
      ...figures,
      sequentialRatio: figures.bridge.sequential.callsPerSecond / figures.direct.sequential.callsPerSecond,
      inFlightRatio: figures.bridge.inFlight.callsPerSecond / figures.direct.inFlight.callsPerSecond,
      sequentialToRawRatio:
        figures.bridge.sequential.callsPerSecond / figures.rawRelay.sequential.callsPerSecond,
      inFlightToRawRatio: figures.bridge.inFlight.callsPerSecond / figures.rawRelay.inFlight.callsPerSecond,
      cliStop,
      cliWarnings: troubleLines(cli.output()),
    };
  } finally {
    // Idempotent, so the success path's orderly stop above is not repeated, only made sure of.
    await bridge?.close();
    await cli?.stop();
    await raw?.close();
    // The transport ends the server's stdin, then signals it: the child is gone when this returns.
    await direct.close();
    EventEmitter.defaultMaxListeners = maxListeners;
  }
}

function troubleLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /warning|internal error|transport error/i.test(line))
    .map((line) => line.trim());
}
