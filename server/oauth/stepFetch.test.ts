import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthExchange } from '../../shared/oauth.js';
import { listen, pour, type Listener } from '../testSupport/hostileHttp.js';
import { stepFetch } from './stepFetch.js';

/**
 * An OAuth step's answers come from servers the person may not control (a resource's metadata,
 * an authorization server): one that streams a document without end is read up to a cap, and
 * the step fails saying why, instead of the bridge gathering it for ever.
 */
let server: Listener | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('an OAuth step against a hostile server', () => {
  it('stops reading a metadata document that never ends, and keeps the exchange', async () => {
    server = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"resource":"');
      pour(res, Buffer.alloc(64 * 1024, 'a'));
    });
    const exchanges: OAuthExchange[] = [];
    const response = await stepFetch(exchanges)(server.url('/.well-known/oauth-protected-resource?key=k1'));
    await expect(response.json()).rejects.toThrow(
      /passed 4 MB, the most mcp-inspect reads of one message: it stopped reading it/,
    );
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.url).not.toContain('k1');
    expect(exchanges[0]?.responseBody?.length).toBeLessThanOrEqual(64 * 1024 + 100);
  });
});
