// A session's target runs with real child processes (the crash fixture of the e2e suite, an SDK
// v1 server that exits mid-call): the records the page would get, through a real Recorder.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { envelopeText, type LiveOut, type RecordOut } from './envelopeText.js';
import { Recorder } from './recorder.js';
import { TargetRuns } from './targetRuns.js';
import type { TargetSpec } from '../targets/targetSpec.js';

const CRASH_FIXTURE = fileURLToPath(new URL('../../e2e/fixtures/crashOnCall.mjs', import.meta.url));

type Received = Record<string, unknown> & { type: string };

function runsOf(spec: TargetSpec) {
  const received: Received[] = [];
  const log: string[] = [];
  const recorder = new Recorder(
    {
      record: (live: LiveOut, kept?: RecordOut) =>
        received.push(JSON.parse(envelopeText(kept ?? live)) as Received),
    },
    { diskBytes: 0, queueBytes: 0 },
  );
  const runs = new TargetRuns(spec, recorder, {
    log: (line) => log.push(line),
    tuning: { killGraceMs: 500 },
  });
  let ref = 0;
  const send = (message: JSONRPCMessage) => runs.relay(message, ++ref, JSON.stringify(message));
  return { runs, received, log, send, recorder };
}

const stdio = (command: string, args: string[]): TargetSpec => ({
  kind: 'stdio',
  command,
  args,
  env: {},
  demo: false,
  era: 'legacy',
});

const states = (received: Received[]) => received.filter((r) => r.type === 'state').map((r) => r.state);
const answerTo = (received: Received[], id: number) =>
  received.find(
    (r) => r.type === 'frame' && r.dir === 'fromServer' && (r.message as { id?: unknown }).id === id,
  );

const initialize = (id: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
});

let stopLater: TargetRuns | undefined;
afterEach(async () => {
  await stopLater?.stop();
  stopLater = undefined;
});

describe('TargetRuns', () => {
  it('answers a request itself when no run is there to take it', () => {
    const { received, send } = runsOf(stdio(process.execPath, [CRASH_FIXTURE]));
    send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(answerTo(received, 1)).toMatchObject({
      synthetic: true,
      message: { error: { code: -32000, message: 'The MCP server is not running' } },
    });
  });

  it('a server that exits mid-call: the call is answered by the bridge with the exit and stderr, and the run is over', async () => {
    const { runs, received, send, log } = runsOf(stdio(process.execPath, [CRASH_FIXTURE]));
    stopLater = runs;
    await runs.restart();
    expect(states(received)).toEqual(['starting', 'connected']);
    expect(runs.generation).toBe(1);
    send(initialize(1));
    await expect.poll(() => answerTo(received, 1), { timeout: 10_000 }).toBeDefined();
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'crash', arguments: {} } });
    await expect
      .poll(() => answerTo(received, 2), { timeout: 10_000 })
      .toMatchObject({
        synthetic: true,
        message: {
          error: {
            code: -32000,
            message: expect.stringContaining('before it answered'),
            data: { exitCode: 7, stderrTail: ['about to crash'] },
          },
        },
      });
    expect(received.find((r) => r.type === 'state' && r.state === 'exited')).toMatchObject({ code: 7 });
    expect(log.join('\n')).toContain('about to crash');
  });

  it('a restart is a new generation, whose server answers again', async () => {
    const { runs, received, send } = runsOf(stdio(process.execPath, [CRASH_FIXTURE]));
    stopLater = runs;
    await runs.restart();
    await runs.restart();
    expect(runs.generation).toBe(2);
    expect(states(received)).toEqual(['starting', 'connected', 'stopped', 'starting', 'connected']);
    send(initialize(1));
    // The server is a fresh Node process: on a busy machine it may take seconds to answer.
    await expect
      .poll(() => answerTo(received, 1), { timeout: 10_000 })
      .toMatchObject({ generation: 2, message: { result: expect.anything() } });
  });

  it('switching targets says so on the terminal and in the traffic, then starts the new one', async () => {
    const { runs, received, log } = runsOf(stdio(process.execPath, [CRASH_FIXTURE]));
    stopLater = runs;
    await runs.restart();
    await runs.connect(stdio('no-such-command-xyz', []));
    expect(log.some((line) => line.startsWith('now inspecting no-such-command-xyz'))).toBe(true);
    expect(received.find((r) => r.type === 'target')).toMatchObject({
      target: { command: 'no-such-command-xyz' },
    });
    expect(received.filter((r) => r.type === 'state').at(-1)).toMatchObject({
      state: 'failed',
      reason: 'command not found: no-such-command-xyz',
    });
  });
});
