// The OAuth token file is written by writeFileAtomic: a symlink planted where the old writer put
// its temporary file (`<file>.<pid>.tmp`) or at another guessable name never receives the tokens,
// and the file itself is 0600 and read back by the next store.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantLinks, VICTIM_TEXT } from '../testSupport/plantedLinks.js';
import { scratchDir } from '../testSupport/scratchDir.js';
import { TokenStore } from './tokenStore.js';

describe('the token store file', () => {
  it('is never written through a planted link; the tokens land in the file, 0600', () => {
    const file = join(scratchDir('token-store'), 'tokens.json');
    const victims = plantLinks(file, scratchDir('token-store-victims'));
    const store = new TokenStore(file);
    store.saveTokens('https://issuer.example', 'https://mcp.example/mcp', {
      tokens: { access_token: 'at-secret-value', token_type: 'Bearer' },
    });
    for (const victim of victims) expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = new TokenStore(file);
    expect(again.tokens('https://issuer.example', 'https://mcp.example/mcp')?.tokens.access_token).toBe(
      'at-secret-value',
    );
  });
});
