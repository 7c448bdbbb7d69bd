import { afterEach, describe, expect, it } from 'vitest';
import { WIRE_PROTOCOL_VERSION } from '../../shared/wire.js';
import { APP_MESSAGE_LIMIT_BYTES } from './appMessages.js';
import { BridgeSession, type PageSink } from './session.js';
import { scriptTarget } from '../testSupport/targets.js';

type Envelope = { type: string; [key: string]: unknown };

class RecordingPage implements PageSink {
  readonly received: Envelope[] = [];
  send(text: string): void {
    const envelope = JSON.parse(text) as Envelope;
    if (envelope.type === 'batch') this.received.push(...(envelope.records as Envelope[]));
    else this.received.push(envelope);
  }
  close(): void {}
  /** Records from the history and live, in order. */
  records(): Envelope[] {
    return this.received.flatMap((e) => (e.type === 'history' ? (e.records as Envelope[]) : [e]));
  }
}

const sessions: BridgeSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.dispose()));
});

function attach(session: BridgeSession): RecordingPage {
  const page = new RecordingPage();
  session.attach(page);
  session.receive(page, JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }));
  return page;
}

async function until<T>(probe: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
}

const appEnvelope = (message: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'app',
    generation: 1,
    view: 'call 1',
    uri: 'ui://demo/app.html',
    dir: 'appToHost',
    message,
    bytes: JSON.stringify(message).length,
    ...extra,
  });

describe('app messages from the page', () => {
  it('are stamped into the timeline, in the order the page sent them, and replayed to a new page', async () => {
    const session = new BridgeSession(scriptTarget('setInterval(() => {}, 1000)'), {
      version: 't',
      log: () => {},
    });
    sessions.push(session);
    await session.restart();
    const page = attach(session);
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'refresh' } };
    session.receive(page, appEnvelope(call));
    session.receive(
      page,
      appEnvelope({ jsonrpc: '2.0', id: 1, result: { content: [] } }, { dir: 'hostToApp', mcpIds: [7] }),
    );
    const [asked, answered] = await until(() => {
      const apps = page.records().filter((r) => r.type === 'app');
      return apps.length === 2 ? apps : undefined;
    });
    expect(asked).toMatchObject({ dir: 'appToHost', view: 'call 1', message: call });
    expect(answered).toMatchObject({ dir: 'hostToApp', mcpIds: [7] });
    expect(Number(answered?.seq)).toBeGreaterThan(Number(asked?.seq));
    // A reload gets them back in the history.
    const reloaded = attach(session);
    expect(reloaded.records().filter((r) => r.type === 'app')).toHaveLength(2);
  });

  it('keep only the envelope of a large message, and refuse what is not an app message', async () => {
    const session = new BridgeSession(scriptTarget('setInterval(() => {}, 1000)'), {
      version: 't',
      log: () => {},
    });
    sessions.push(session);
    await session.restart();
    const page = attach(session);
    const huge = {
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-result',
      params: { text: 'x'.repeat(APP_MESSAGE_LIMIT_BYTES) },
    };
    session.receive(page, appEnvelope(huge, { dir: 'hostToApp' }));
    const kept = await until(() => page.records().find((r) => r.type === 'app'));
    expect(kept).toMatchObject({
      elided: true,
      message: { jsonrpc: '2.0', method: 'ui/notifications/tool-result' },
    });
    expect(Number(kept.bytes)).toBeGreaterThan(APP_MESSAGE_LIMIT_BYTES);

    session.receive(page, appEnvelope({}, { dir: 'sideways' }));
    session.receive(page, appEnvelope({}, { view: 'v'.repeat(500) }));
    await until(() => (page.received.filter((r) => r.type === 'rejected').length === 2 ? true : undefined));
    expect(page.records().filter((r) => r.type === 'app')).toHaveLength(1);
  });
});
