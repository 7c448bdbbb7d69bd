import { BridgeClient } from './bridgeClient.js';
import { launchCli } from './cliProcess.js';
import { spread, type Spread } from './stats.js';

export interface MrtrRound {
  /** Round trip as the page's side of the wire sees it. */
  pageMs: Spread;
  /** From the bridge writing the request to the server to the server's answer, at the bridge. */
  serverMs: Spread;
  /** What the bridge adds: the page's round trip less the server's part. */
  bridgeMs: Spread;
}

export interface MrtrResult {
  calls: number;
  rounds: MrtrRound[];
}

/**
 * The demo's book_table in the modern era: an input_required round (elicitation), another
 * (sampling), then the complete result, answered at once by this client. Per round: the time the
 * bridge itself adds to a multi round-trip request, with the server's time taken out by the
 * bridge's own stamps.
 */
export async function runMrtrBench(calls = 60, warmup = 10): Promise<MrtrResult> {
  const cli = await launchCli();
  const client = await BridgeClient.connect(cli.port, cli.token);
  try {
    await client.discover();
    const samples: { page: number; server: number }[][] = [[], [], []];
    for (let call = 0; call < warmup + calls; call++) {
      const answers = [
        undefined,
        { booking: { action: 'accept', content: { name: 'Ada', seats: 2 } } },
        { welcome: { role: 'assistant', model: 'bench', content: { type: 'text', text: 'Welcome' } } },
      ];
      let state: string | undefined;
      for (let round = 0; round < 3; round++) {
        const id = client.upcomingId;
        const started = performance.now();
        const response = await client.request(
          'tools/call',
          {
            name: 'book_table',
            arguments: { restaurant: 'Bench' },
            ...(answers[round] ? { inputResponses: answers[round] } : {}),
            ...(state === undefined ? {} : { requestState: state }),
          },
          15_000,
          true,
        );
        const pageMs = performance.now() - started;
        const result = response.result as { resultType?: string; requestState?: string };
        state = result.requestState;
        if (round < 2 !== (result.resultType === 'input_required')) {
          throw new Error(`round ${round + 1} answered ${result.resultType ?? 'complete'}`);
        }
        const stamps = client.stampsOf(id);
        if (call >= warmup && stamps?.sentAt !== undefined && stamps.answeredAt !== undefined) {
          samples[round]?.push({ page: pageMs, server: stamps.answeredAt - stamps.sentAt });
        }
      }
    }
    return {
      calls,
      rounds: samples.map((round) => ({
        pageMs: spread(round.map((sample) => sample.page)),
        serverMs: spread(round.map((sample) => sample.server)),
        bridgeMs: spread(round.map((sample) => sample.page - sample.server)),
      })),
    };
  } finally {
    await client.close();
    await cli.stop();
  }
}
