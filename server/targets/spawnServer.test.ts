import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { BridgeSession, type PageSink } from '../relay/session.js';
import { scriptTarget } from '../testSupport/targets.js';
import { WIRE_PROTOCOL_VERSION } from '../../shared/wire.js';
import type { TargetSpec } from './targetSpec.js';
import { SpawnedServer, defaultEnvironment } from './spawnServer.js';

const sessions: BridgeSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.dispose()));
});

/** A session given a process started before it, as the CLI does; resolves with what a page sees. */
async function takeOver(spec: TargetSpec, early: SpawnedServer): Promise<Array<Record<string, unknown>>> {
  const session = new BridgeSession(spec, { version: 't', log: () => undefined, earlyServer: early });
  sessions.push(session);
  await session.restart();
  const received: Array<Record<string, unknown>> = [];
  const page: PageSink = {
    send: (text) => {
      const envelope = JSON.parse(text) as Record<string, unknown>;
      received.push(...((envelope.records as Array<Record<string, unknown>> | undefined) ?? [envelope]));
    },
    close: () => undefined,
  };
  session.attach(page);
  session.receive(page, JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }));
  return received;
}

const states = (received: Array<Record<string, unknown>>) => received.filter((r) => r.type === 'state');

describe('a server started before the bridge loads', () => {
  it('inherits the same variables as the SDK would give it', () => {
    expect(defaultEnvironment()).toEqual(getDefaultEnvironment());
  });

  it('is the process the session runs, not a second one', async () => {
    const spec = scriptTarget('process.stdin.resume()');
    const early = new SpawnedServer(spec as Extract<TargetSpec, { kind: 'stdio' }>);
    await once(early.child, 'spawn');
    const received = await takeOver(spec, early);
    const connected = states(received).find((s) => s.state === 'connected');
    expect(connected?.pid).toBe(early.child.pid);
  });

  it('still reports an exit that happened before the take-over, with its stderr', async () => {
    const spec = scriptTarget('console.error("no config"); process.exit(3)');
    const early = new SpawnedServer(spec as Extract<TargetSpec, { kind: 'stdio' }>);
    await once(early.child, 'exit');
    const received = await takeOver(spec, early);
    await expect
      .poll(() => states(received).find((s) => s.state === 'exited'))
      .toMatchObject({
        code: 3,
        stderrTail: ['no config'],
      });
  });

  it('still reports a command that could not be started', async () => {
    const spec: TargetSpec = {
      kind: 'stdio',
      command: 'no-such-command-xyz',
      args: [],
      env: {},
      demo: false,
      era: 'auto',
    };
    const early = new SpawnedServer(spec);
    await once(early.child, 'error');
    const received = await takeOver(spec, early);
    expect(states(received).find((s) => s.state === 'failed')).toMatchObject({
      reason: 'command not found: no-such-command-xyz',
    });
  });
});
