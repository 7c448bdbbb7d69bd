// `parity` against a server behind OAuth (oidc-provider and an SDK v2 server that wants its
// tokens, e2e/fixtures/oauth/): the same OAuth options as every verb, one sign-in for both eras,
// the collection's calls made with the token too; without OAuth options, the 401 is exit 3.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthFixture } from '../../e2e/support/oauthFixture.js';
import { collectionText } from '../../shared/collections/format.js';
import { startOAuthFixtureHere } from '../testSupport/oauthFixture.js';
import { runVerb } from '../testSupport/verbProcess.js';

describe('parity against a server that wants OAuth', { timeout: 120_000 }, () => {
  let fixture: OAuthFixture;
  let folder: string;
  beforeAll(async () => {
    fixture = await startOAuthFixtureHere('auto-consent');
    folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-parity-oauth-'));
  });
  afterAll(async () => {
    await fixture?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('without OAuth options: the 401 ends it with exit code 3, naming the era', async () => {
    const run = await runVerb(['parity', '--url', fixture.mcpUrl]);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toMatch(/error: the legacy era: .*HTTP 401/);
  });

  it('with --oauth-auto-consent: signs in once, and both eras (and the calls) use that sign-in', async () => {
    const file = join(folder, 'whoami.collection.json');
    writeFileSync(
      file,
      collectionText({
        formatVersion: 1,
        items: [
          {
            name: 'whoami',
            kind: 'tool',
            tool: 'whoami',
            arguments: {},
            expect: [{ type: 'textContains', text: 'mcp:read' }],
          },
        ],
      }),
    );
    const run = await runVerb([
      'parity',
      '--url',
      fixture.mcpUrl,
      '--oauth-auto-consent',
      '--oauth-store',
      join(folder, 'tokens.json'),
      '--collection',
      file,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.match(/OAuth: the server needs authorization: signing in/g)).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`OAuth: signed in with ${fixture.issuer}`));
    expect(JSON.parse(run.stdout)).toMatchObject({
      agree: true,
      differences: [],
      meta: { collection: { calls: 1 } },
    });
  });
});
