// The core's session entry point over the SDKs' in-memory transports: the era fallback when a
// server ends the connection on the discover probe, and the failures' kinds. Real SDK servers.
import { describe, expect, it } from 'vitest';
import type { Transport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Answerer } from './answerer.js';
import type { EraChoice } from '../eras.js';
import { FALLBACK_NOTICE, openSession, SessionFailure, type SessionLink } from './openSession.js';
import { v1Connection, v2Connection } from './testServers.js';

const nobody: Answerer = {
  elicit: () => Promise.reject(new Error('nobody to answer')),
  sample: () => Promise.reject(new Error('nobody to answer')),
  roots: () => [],
};

/**
 * A legacy (SDK v1) server that accepts nothing before initialize: any other first message ends
 * the connection, as such servers do (client/bridge/testSupport/strictLegacyServer.mjs exits).
 */
async function strictLegacyRun(): Promise<Transport> {
  const server = new McpServerV1({ name: 'strict-legacy', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransportV1.createLinkedPair();
  await server.connect(serverSide);
  const handle = serverSide.onmessage;
  let first = true;
  serverSide.onmessage = (message, extra) => {
    if (first && !('method' in message && message.method === 'initialize')) {
      void serverSide.close();
      return;
    }
    first = false;
    handle?.(message, extra);
  };
  // Stdio-shaped, as the shells' relay transports for a stdio target are (see relayTransport.ts):
  // the SDK then reads a connection closed mid-probe as such a server, not as an outage.
  return Object.assign(clientSide as unknown as Transport, { pid: null, stderr: null });
}

/** A link to runs made by `run`, which counts the opens and says whether each was a fresh run. */
function linkTo(run: () => Promise<Transport> | Transport, mayRestart = true) {
  const opens: boolean[] = [];
  const link: SessionLink<Transport> = {
    open: async (again) => {
      opens.push(again);
      return run();
    },
    ended: () => undefined,
    mayRestart: () => mayRestart,
  };
  return { link, opens };
}

const options = (era: EraChoice) => ({
  era,
  clientInfo: { name: 'core-test', version: '0' },
  answerer: nobody,
});

describe('openSession', () => {
  it('auto speaks the modern era to a server that offers it, on one run', async () => {
    const { link, opens } = linkTo(() => v2Connection(() => new McpServer({ name: 'v2', version: '2.0.0' })));
    const session = await openSession(link, options('auto'));
    expect(session.facts).toMatchObject({ era: 'modern', serverInfo: { name: 'v2' } });
    expect(session.era).toBe('auto');
    expect(opens).toEqual([false]);
    await session.close();
  });

  it('a server that ends the connection on the discover probe gets a fresh run and initialize', async () => {
    const { link, opens } = linkTo(strictLegacyRun);
    const notices: string[] = [];
    const tries: EraChoice[] = [];
    const session = await openSession(link, {
      ...options('auto'),
      onFallback: (notice) => notices.push(notice),
      onAttempt: (attempt) => tries.push(attempt.era),
    });
    expect(session.facts).toMatchObject({ era: 'legacy', serverInfo: { name: 'strict-legacy' } });
    expect(session.era).toBe('legacy');
    expect(opens).toEqual([false, true]);
    expect(tries).toEqual(['auto', 'legacy']);
    expect(notices).toEqual([FALLBACK_NOTICE]);
    await session.close();
  });

  it('does not start the target again when the shell says no (closed, or it wants authorization)', async () => {
    const { link, opens } = linkTo(strictLegacyRun, false);
    const error = await openSession(link, options('auto')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionFailure);
    expect((error as SessionFailure).message).toMatch(/server\/discover probe/);
    expect(opens).toEqual([false]);
  });

  it('legacy asked for never probes, so a strict server answers on the first run', async () => {
    const { link, opens } = linkTo(strictLegacyRun);
    const session = await openSession(link, options('legacy'));
    expect(session.facts.era).toBe('legacy');
    expect(opens).toEqual([false]);
    await session.close();
  });

  it('modern asked of a legacy-only server fails as legacy-only, in words, with the SDK error as cause', async () => {
    const { link } = linkTo(() => v1Connection(new McpServerV1({ name: 'v1', version: '1.0.0' })));
    const error = await openSession(link, options('modern')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionFailure);
    const failure = error as SessionFailure;
    expect(failure.kind).toBe('legacy-only');
    expect(failure.message).toMatch(/^This server speaks only the legacy era/);
    expect(failure.cause).toBeInstanceOf(Error);
    expect(failure.attempt.era).toBe('modern');
  });

  it("passes on what the link's open throws, as it is", async () => {
    const refusal = new Error('the command was not found');
    const link: SessionLink<Transport> = {
      open: () => Promise.reject(refusal),
      ended: () => undefined,
      mayRestart: () => true,
    };
    await expect(openSession(link, options('auto'))).rejects.toBe(refusal);
  });
});
