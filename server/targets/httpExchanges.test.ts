import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listener } from '../testSupport/hostileHttp.js';
import { recordingFetch } from './httpExchanges.js';
import type { HttpExchangeReport } from './target.js';

/**
 * The traffic pane's HTTP exchanges (rows, detail, JSON Lines export) show what the bridge
 * reports here: a URL's secrets are masked by the same rule as the URL field (shared/urlSecrets.ts),
 * not a shorter list of names, and so are the URLs that response headers name.
 */
let server: Listener | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SECRETS = ['a1-key', 'a2-token', 'a3-client', 'a4-session', 't5-next', 'k6-link'];

describe('HTTP exchanges as the page gets them', () => {
  it('mask every secret-looking query value, in the path and in the headers that name URLs', async () => {
    server = await listen((_req, res) =>
      res
        .writeHead(307, {
          location: '/next?token=t5-next&x=1',
          link: `<http://127.0.0.1:1/meta?key=k6-link>; rel="describedby"`,
        })
        .end(),
    );
    const reports: HttpExchangeReport[] = [];
    const fetchRecorded = recordingFetch(['x-api-key'], (report) => reports.push(report));
    const response = await fetchRecorded(
      server.url(
        '/mcp?api_key=a1-key&api_token=a2-token&client_secret=a3-client&sessionid=a4-session&region=eu',
      ),
      { method: 'POST', body: '{}', headers: { 'x-api-key': 'secret-header' }, redirect: 'manual' },
    );
    await response.body?.cancel();
    const [report] = reports;
    expect(report?.path).toBe('/mcp?api_key=****&api_token=****&client_secret=****&sessionid=****&region=eu');
    expect(report?.responseHeaders.location).toBe('/next?token=****&x=1');
    expect(report?.responseHeaders.link).toBe('<http://127.0.0.1:1/meta?key=****>; rel="describedby"');
    expect(report?.requestHeaders['x-api-key']).toBe('••••••');
    const shown = JSON.stringify(reports);
    for (const secret of [...SECRETS, 'secret-header']) expect(shown).not.toContain(secret);
  });
});
