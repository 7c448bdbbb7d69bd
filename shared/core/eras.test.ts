// Era negotiation and fallback through the core, over the SDKs' in-memory transports: no bridge,
// no browser.
import { describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/server';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Answerer } from './answerer.js';
import { connectClient, createCoreClient } from './clientSession.js';
import { describeConnectError } from './connectErrors.js';
import type { EraChoice } from '../eras.js';
import { v1Connection, v2Connection } from './testServers.js';

const nobody: Answerer = {
  elicit: () => Promise.reject(new Error('nobody to answer')),
  sample: () => Promise.reject(new Error('nobody to answer')),
  roots: () => [],
};

function coreClient(era: EraChoice) {
  return createCoreClient({ era, clientInfo: { name: 'core-test', version: '0' }, answerer: nobody }).client;
}

const dualEra = () => v2Connection(() => new McpServer({ name: 'v2', version: '2.0.0' }));

describe('era negotiation', () => {
  it('auto speaks the modern era to a server that offers it, with what discover said', async () => {
    const facts = await connectClient(coreClient('auto'), dualEra());
    expect(facts).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', serverInfo: { name: 'v2' } });
    expect(facts.discover?.supportedVersions).toContain('2026-07-28');
  });

  it('auto falls back to initialize with a legacy (SDK v1) server', async () => {
    const server = new McpServerV1({ name: 'v1', version: '1.0.0' }, { instructions: 'Be kind' });
    const facts = await connectClient(coreClient('auto'), await v1Connection(server));
    expect(facts).toMatchObject({ era: 'legacy', serverInfo: { name: 'v1' }, instructions: 'Be kind' });
    expect(facts.discover).toBeUndefined();
  });

  it('legacy sends initialize even to a dual-era server', async () => {
    const facts = await connectClient(coreClient('legacy'), dualEra());
    expect(facts.era).toBe('legacy');
    expect(facts.discover).toBeUndefined();
  });

  it('modern (pinned) refuses a legacy server, and says why in words', async () => {
    const server = new McpServerV1({ name: 'v1', version: '1.0.0' });
    const error = await connectClient(coreClient('modern'), await v1Connection(server)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(describeConnectError(error)).toBe(
      'This server speaks only the legacy era (initialize): it does not offer protocol version 2026-07-28 through server/discover, so connect with the legacy or auto era (--era legacy, or auto, the default).',
    );
  });

  it('legacy against a modern-only server says which versions it speaks', async () => {
    const modernOnly = v2Connection(() => new McpServer({ name: 'v2', version: '2.0.0' }), 'reject');
    const error = await connectClient(coreClient('legacy'), modernOnly).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(describeConnectError(error)).toContain('2026-07-28');
  });
});
