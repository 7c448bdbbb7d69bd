import { EventEmitter } from 'node:events';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BridgeClient } from './bridgeClient.js';
import { launchCli, type RunningCli } from './cliProcess.js';
import { echoText, measureEcho, type EchoFigures, type EchoPlan } from './echoWorkload.js';
import { DEMO_SERVER_PATH } from './paths.js';
import type { StopReport } from './processes.js';

/** Which protocol era both clients speak. */
export type BenchEra = 'legacy' | 'modern';

export interface RelayResult {
  era: BenchEra;
  plan: EchoPlan;
  direct: EchoFigures;
  bridge: EchoFigures;
  /** bridge ÷ direct calls per second; the goal for sequential calls is ≥ 0.8. */
  sequentialRatio: number;
  inFlightRatio: number;
  /** How the CLI went down when asked with SIGINT. */
  cliStop: StopReport;
  /** Lines the CLI printed that look like trouble (warnings, internal or transport errors). */
  cliWarnings: string[];
}

export const DEFAULT_PLAN: EchoPlan = {
  warmup: 200,
  sequential: 2_000,
  rounds: 4,
  inFlight: 1_000,
  batches: 3,
};

/**
 * The same demo server code reached straight over stdio (the SDK client, as any MCP host would)
 * and through the bridge (the page's wire), both open at once so they can take turns.
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
  try {
    await direct.connect(
      new StdioClientTransport({ command: process.execPath, args: [DEMO_SERVER_PATH], stderr: 'ignore' }),
    );
    cli = await launchCli();
    bridge = await BridgeClient.connect(cli.port, cli.token);
    if (era === 'modern') await bridge.discover();
    else await bridge.initialize();
    const overBridge = bridge;
    const figures = await measureEcho(
      {
        direct: async (message) => echoText(await direct.callTool({ name: 'echo', arguments: { message } })),
        bridge: async (message) =>
          echoText((await overBridge.request('tools/call', { name: 'echo', arguments: { message } })).result),
      },
      plan,
    );
    await bridge.close();
    const cliStop = await cli.stop();
    return {
      era,
      plan,
      ...figures,
      sequentialRatio: figures.bridge.sequential.callsPerSecond / figures.direct.sequential.callsPerSecond,
      inFlightRatio: figures.bridge.inFlight.callsPerSecond / figures.direct.inFlight.callsPerSecond,
      cliStop,
      cliWarnings: troubleLines(cli.output()),
    };
  } finally {
    // Idempotent, so the success path's orderly stop above is not repeated, only made sure of.
    await bridge?.close();
    await cli?.stop();
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
