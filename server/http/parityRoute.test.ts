// The era parity route of a real bridge over HTTP: the token required; the lists compared alone
// without a collection file; with the bridge's collection file, its calls run in both eras and
// each call that answers differently named; a collection file that does not parse said, the
// lists still compared.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionText } from '../../shared/collections/format.js';
import { API_PARITY_PATH } from '../../shared/http.js';
import type { RunningBridge } from './bridgeServer.js';
import { TEST_TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { fixtureTarget } from '../testSupport/targets.js';

const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-parity-route-'));
const file = join(folder, 'mcp-inspect.collection.json');
let bridge: RunningBridge;
beforeAll(async () => {
  bridge = await startTestBridge(fixtureTarget('eraSplit.mjs'), { collectionFile: file });
});
afterAll(async () => {
  await bridge.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Report {
  agree: boolean;
  differences: { path: string; what: string; before?: unknown; after?: unknown }[];
  collection?: { path: string; calls: number };
  collectionProblem?: string;
}

async function check(token?: string): Promise<{ status: number; body: Report & { error?: string } }> {
  const response = await fetch(`http://127.0.0.1:${bridge.port}${API_PARITY_PATH}`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Report & { error?: string } };
}

describe('the era parity route', { timeout: 60_000 }, () => {
  it('needs the token', async () => {
    expect((await check()).status).toBe(401);
    expect((await check('wrong')).status).toBe(401);
  });

  it('with no collection file: the lists compared alone', async () => {
    const { status, body } = await check(TEST_TOKEN);
    expect(status).toBe(200);
    expect(body.agree).toBe(false);
    expect(body.differences.map((difference) => difference.path)).toEqual([
      '$.tools["echo"].inputSchema.properties.lang',
      '$.tools["legacy_only"]',
    ]);
    expect(body.collection).toBeUndefined();
  });

  it("with the bridge's collection file: its calls run in both eras, each differing call named", async () => {
    writeFileSync(
      file,
      collectionText({
        formatVersion: 1,
        items: [
          { name: 'add', kind: 'tool', tool: 'add', arguments: { a: 1, b: 2 }, expect: [] },
          { name: 'greet', kind: 'tool', tool: 'greet', arguments: { name: 'Ada' }, expect: [] },
        ],
      }),
    );
    try {
      const { status, body } = await check(TEST_TOKEN);
      expect(status).toBe(200);
      expect(body.collection).toEqual({ path: file, calls: 2 });
      const calls = body.differences.filter((difference) => difference.path.startsWith('$.calls'));
      expect(calls).toEqual([
        {
          kind: 'breaking',
          path: '$.calls["greet"].content[0].text',
          what: 'call "greet" (tool): the results differ',
          before: 'Hello, Ada',
          after: 'Hi, Ada',
        },
        {
          kind: 'breaking',
          path: '$.calls["greet"].structuredContent',
          what: 'call "greet" (tool): the result has this in the modern era only',
          after: { name: 'Ada' },
        },
      ]);
    } finally {
      unlinkSync(file);
    }
  });

  it('a collection file that does not parse is said; the lists are still compared', async () => {
    writeFileSync(file, '{ "formatVersion": 1, "items": [');
    try {
      const { status, body } = await check(TEST_TOKEN);
      expect(status).toBe(200);
      expect(body.collectionProblem).toMatch(
        /^.*mcp-inspect\.collection\.json: line 1, .*: its calls were not run$/,
      );
      expect(body.differences).toHaveLength(2);
    } finally {
      unlinkSync(file);
    }
  });
});
