// The bridge's session alone: CPU time per echo call through BridgeSession, with neither
// processes nor sockets. The page's `mcp` envelope goes in as the page writes it, the stamp and
// the answer's frame come out to a page that only counts them, and an in-process target answers
// each request in the next turn, as a stdout line would arrive. The relay bench measures the
// whole path; this isolates the session's own work, which on a shared machine it measures with
// far less noise. `node --import tsx bench/sessionOnly.ts [calls per run]`.
import './machineEnvironment.js';
import { loadavg } from 'node:os';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { BridgeSession, type PageSink } from '../server/relay/session.js';
import type { TargetConnection, TargetEvents } from '../server/targets/target.js';
import { WIRE_PROTOCOL_VERSION } from '../shared/wire.js';
import { modernEnvelope } from './bridgeClient.js';
import { median } from './stats.js';

const CALLS = Number(process.argv[2] ?? 50_000);
const RUNS = 7;
/** Requests in flight at once, as in the relay bench's batches. */
const IN_FLIGHT = 1_000;

/** Answers every request with the demo echo tool's result, parsed from its text as a stdio target would. */
class EchoTarget implements TargetConnection {
  readonly kind = 'stdio' as const;
  readonly pid = 1;
  answered = 0;
  onAnswered: (() => void) | undefined;
  private readonly queue: string[] = [];

  constructor(private readonly events: TargetEvents) {}

  async start(): Promise<void> {}

  send(message: JSONRPCMessage): undefined {
    if (!('id' in message) || !('method' in message)) return undefined;
    const params = message.params as { arguments?: { message?: string } };
    const text = JSON.stringify(params.arguments?.message ?? '');
    this.queue.push(
      `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"content":[{"type":"text","text":${text}}]}}`,
    );
    if (this.queue.length === 1) setImmediate(() => this.flush());
    return undefined;
  }

  async close(): Promise<void> {}

  private flush(): void {
    for (const line of this.queue.splice(0)) {
      this.events.onMessage(JSON.parse(line) as JSONRPCMessage, line);
      this.answered += 1;
    }
    this.onAnswered?.();
  }
}

let target: EchoTarget | undefined;
const session = new BridgeSession(
  {
    kind: 'stdio',
    command: 'echo-target',
    args: [],
    env: {},
    demo: false,
    era: 'auto',
  },
  {
    version: 'bench',
    log: () => undefined,
    openTarget: (_spec, events) => (target = new EchoTarget(events)),
  },
);
let received = 0;
const page: PageSink = { send: (text) => void (received += text.length), close: () => undefined };
session.attach(page);
session.receive(page, JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }));
await new Promise((resolve) => setTimeout(resolve, 50));
if (!target) throw new Error('the session opened no target');
const echo = target;

let ref = 0;
let id = 0;
/** The envelope text the page writes for one echo call. */
function envelope(modern: boolean): string {
  const params = { name: 'echo', arguments: { message: `hello ${id}` } };
  const message = {
    jsonrpc: '2.0',
    id: ++id,
    method: 'tools/call',
    params: modern ? { ...params, _meta: modernEnvelope() } : params,
  };
  return JSON.stringify({ type: 'mcp', ref: ++ref, message });
}

/** µs of CPU per call, counted from the envelopes' arrival to the answers' leaving (the page's writing excluded). */
async function run(calls: number, modern: boolean, inFlight: number): Promise<number> {
  let micros = 0;
  for (let sent = 0; sent < calls; sent += inFlight) {
    const texts = Array.from({ length: inFlight }, () => envelope(modern));
    const goal = echo.answered + inFlight;
    const done = new Promise<void>((resolve) => (echo.onAnswered = () => echo.answered >= goal && resolve()));
    const cpu = process.cpuUsage();
    for (const text of texts) session.receive(page, text);
    await done;
    // The answers' frames leave in the microtask after them.
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.cpuUsage(cpu);
    micros += used.user + used.system;
  }
  return micros / calls;
}

console.log(
  `load average at start ${(loadavg()[0] ?? 0).toFixed(2)}; ${CALLS} calls per run, median and least of ${RUNS}`,
);
for (const modern of [false, true]) {
  for (const inFlight of process.env.BENCH_IN_FLIGHT_ONLY ? [IN_FLIGHT] : [1, IN_FLIGHT]) {
    const calls = inFlight === 1 ? Math.round(CALLS / 5) : CALLS;
    await run(Math.round(calls / 5), modern, inFlight);
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(calls, modern, inFlight));
    console.log(
      `  ${modern ? 'modern' : 'legacy'} era, ${inFlight === 1 ? 'one at a time' : `${inFlight} in flight`}: ` +
        `${median(runs).toFixed(2)} µs CPU per call, least ${Math.min(...runs).toFixed(2)} ` +
        `(runs ${runs.map((r) => r.toFixed(2)).join(', ')})`,
    );
  }
}
console.log(
  `load average at end ${(loadavg()[0] ?? 0).toFixed(2)}; ${(received / 1e6).toFixed(0)} MB to the page`,
);
await session.dispose();
