// The collection routes of a real bridge: the token required to read or write; a save checked and
// written as `test` reads it (sorted keys, one item per block); the target added with `${env:NAME}`
// for each secret (the secret's value is nowhere in the file); a file that does not parse is not
// overwritten (and never written through a link planted at a temporary name); a variable's value
// given to a run in the page only for a name the file on disk uses, once the person confirmed it
// for that file and server, and never mcp-inspect's own.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionText, parseCollection } from '../../shared/collections/format.js';
import type { RunningBridge } from './bridgeServer.js';
import { TEST_TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { plantLinks, VICTIM_TEXT } from '../testSupport/plantedLinks.js';
import { scratchDir } from '../testSupport/scratchDir.js';
import { demoTarget } from '../testSupport/targets.js';

const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-collection-route-'));
const file = join(folder, 'mcp-inspect.collection.json');
const SECRET = 'sk-route-test-secret-value';
let bridge: RunningBridge;
beforeAll(async () => {
  const target = demoTarget();
  // A command line with a secret in its environment: the demo server, not marked as the demo.
  bridge = await startTestBridge({ ...target, demo: false, env: { API_KEY: SECRET } } as typeof target, {
    collectionFile: file,
  });
});
afterAll(async () => {
  await bridge.close();
  rmSync(folder, { recursive: true, force: true });
});

const api = (init: RequestInit & { token?: string } = {}) =>
  fetch(`http://127.0.0.1:${bridge.port}/api/collection`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
    },
  });

const collection = {
  formatVersion: 1,
  items: [
    {
      name: 'echo',
      kind: 'tool',
      tool: 'echo',
      arguments: { message: 'hi' },
      expect: [{ type: 'succeeds' }],
    },
  ],
};

describe('the collection routes', () => {
  it('need the token, to read and to write', async () => {
    expect((await api()).status).toBe(401);
    expect((await api({ method: 'PUT', body: JSON.stringify({ collection }) })).status).toBe(401);
    expect((await api({ method: 'PUT', token: 'wrong', body: JSON.stringify({ collection }) })).status).toBe(
      401,
    );
    expect(() => readFileSync(file)).toThrow();
  });

  it('say where the file is; a save writes stable JSON with the target, secrets as placeholders', async () => {
    expect(await (await api({ token: TEST_TOKEN })).json()).toEqual({
      path: file,
      exists: false,
      collection: null,
    });
    const saved = await api({ method: 'PUT', token: TEST_TOKEN, body: JSON.stringify({ collection }) });
    expect(saved.status).toBe(200);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const parsed = parseCollection(text);
    expect(parsed).toMatchObject({
      collection: { items: collection.items, target: { env: { API_KEY: '${env:API_KEY}' } } },
    });
    expect(text.indexOf('"formatVersion"')).toBeLessThan(text.indexOf('"items"'));
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('a save never writes through a symlink planted at a temporary name; it lands in the file, 0600', async () => {
    const victims = plantLinks(file, scratchDir('collection-victims'));
    try {
      const saved = await api({ method: 'PUT', token: TEST_TOKEN, body: JSON.stringify({ collection }) });
      expect(saved.status).toBe(200);
      for (const victim of victims) expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
      expect(parseCollection(readFileSync(file, 'utf8'))).toMatchObject({
        collection: { items: collection.items },
      });
      // The items hold arguments as the person typed them.
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      for (const link of readdirSync(folder).filter((name) => name !== 'mcp-inspect.collection.json'))
        rmSync(join(folder, link));
    }
  });

  it('refuses a collection of the wrong shape, and never overwrites a file that does not parse', async () => {
    const bad = await api({
      method: 'PUT',
      token: TEST_TOKEN,
      body: JSON.stringify({ collection: { formatVersion: 1, items: [{ name: 'x' }] } }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      'items[0] ("x").kind: expected "tool", "prompt" or "resource"',
    );
    writeFileSync(file, '{ "formatVersion": 1, "items": [ oops ] }');
    const state = (await (await api({ token: TEST_TOKEN })).json()) as { error: string };
    expect(state.error).toMatch(/^line 1, column 34: expected a value/);
    const refused = await api({ method: 'PUT', token: TEST_TOKEN, body: JSON.stringify({ collection }) });
    expect(refused.status).toBe(409);
    expect(readFileSync(file, 'utf8')).toBe('{ "formatVersion": 1, "items": [ oops ] }');
  });
});

describe('the environment a run in the page reads (POST /api/collection/env)', () => {
  const VALUE = 'sk-env-route-secret';
  const OTHER = 'not for the page';
  const INSPECTOR = 'mcp-inspect-own-secret';
  const post = (subpath: string, body: unknown, token: string | null = TEST_TOKEN) =>
    fetch(`http://127.0.0.1:${bridge.port}/api/collection${subpath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
  const envApi = (names: unknown, token: string | null = TEST_TOKEN) => post('/env', { names }, token);
  const confirm = (names: unknown, server: unknown) => post('/env/confirm', { names, server });
  const item = (name: string, message: string) => ({
    name,
    kind: 'tool',
    tool: 'echo',
    arguments: { message },
    expect: [],
  });
  beforeAll(() => {
    process.env.ROUTE_TEST_TOKEN = VALUE;
    process.env.ROUTE_TEST_OTHER = OTHER;
    process.env.MCP_INSPECT_ROUTE_TEST_TOKEN = INSPECTOR;
    delete process.env.ROUTE_TEST_UNSET;
    writeFileSync(
      file,
      collectionText({
        formatVersion: 1,
        items: [
          {
            name: 'login',
            kind: 'tool',
            tool: 'echo',
            arguments: {
              message: '${env:ROUTE_TEST_TOKEN}',
              other: 'with ${env:ROUTE_TEST_UNSET} inside',
            },
            expect: [],
          },
        ],
      }),
    );
  });
  afterAll(() => {
    delete process.env.ROUTE_TEST_TOKEN;
    delete process.env.ROUTE_TEST_OTHER;
    delete process.env.MCP_INSPECT_ROUTE_TEST_TOKEN;
  });

  it('needs the token', async () => {
    expect((await envApi(['ROUTE_TEST_TOKEN'], null)).status).toBe(401);
    expect((await envApi(['ROUTE_TEST_TOKEN'], 'wrong')).status).toBe(401);
    expect((await post('/env/confirm', { names: ['ROUTE_TEST_TOKEN'], server: '' }, null)).status).toBe(401);
  });

  it('gives a value only once the person confirmed that variable for this file and this server, and names those that are not set', async () => {
    const first = await envApi(['ROUTE_TEST_TOKEN', 'ROUTE_TEST_UNSET']);
    expect(first.status).toBe(200);
    const asked = (await first.json()) as { server: string };
    const server = `\`${[process.execPath, ...(demoTarget() as { args: string[] }).args].join(' ')}\``;
    expect(asked).toEqual({
      values: {},
      unset: ['ROUTE_TEST_UNSET'],
      unconfirmed: ['ROUTE_TEST_TOKEN'],
      server,
    });
    // A confirmation for a server the person was not shown is not taken.
    expect((await confirm(['ROUTE_TEST_TOKEN'], '`sh -c leak`')).status).toBe(409);
    expect(((await (await envApi(['ROUTE_TEST_TOKEN'])).json()) as { values: object }).values).toEqual({});

    const confirmed = await confirm(['ROUTE_TEST_TOKEN'], server);
    expect(confirmed.status).toBe(200);
    expect(await (await envApi(['ROUTE_TEST_TOKEN', 'ROUTE_TEST_UNSET'])).json()).toEqual({
      values: { ROUTE_TEST_TOKEN: VALUE },
      unset: ['ROUTE_TEST_UNSET'],
      unconfirmed: [],
      server,
    });
    // Reading it wrote nothing: the file still holds the placeholder only.
    expect(readFileSync(file, 'utf8')).not.toContain(VALUE);
  });

  it("refuses a variable the file does not use: the page cannot read the bridge's environment at large", async () => {
    const answer = await envApi(['ROUTE_TEST_TOKEN', 'ROUTE_TEST_OTHER']);
    expect(answer.status).toBe(403);
    const text = await answer.text();
    expect(text).toContain('does not use ROUTE_TEST_OTHER');
    expect(text).not.toContain(VALUE);
    expect(text).not.toContain(OTHER);
    expect((await envApi('PATH')).status).toBe(400);
  });

  it('a save that adds an item naming a variable gives no value for it (the attack of issue 32), and never an MCP_INSPECT_* one', async () => {
    const current = (await (await api({ token: TEST_TOKEN })).json()) as { collection: { items: object[] } };
    const saved = await api({
      method: 'PUT',
      token: TEST_TOKEN,
      body: JSON.stringify({
        collection: {
          formatVersion: 1,
          items: [
            ...current.collection.items,
            item('other', '${env:ROUTE_TEST_OTHER}'),
            item('own', '${env:MCP_INSPECT_ROUTE_TEST_TOKEN}'),
          ],
        },
      }),
    });
    expect(saved.status).toBe(200);
    const other = await envApi(['ROUTE_TEST_OTHER']);
    expect(other.status).toBe(200);
    const otherText = await other.text();
    expect(JSON.parse(otherText)).toMatchObject({ values: {}, unconfirmed: ['ROUTE_TEST_OTHER'] });
    expect(otherText).not.toContain(OTHER);

    const own = await envApi(['MCP_INSPECT_ROUTE_TEST_TOKEN']);
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: string }).error).toBe(
      'mcp-inspect never gives out its own variables: MCP_INSPECT_ROUTE_TEST_TOKEN',
    );
    const server = ((await (await envApi(['ROUTE_TEST_TOKEN'])).json()) as { server: string }).server;
    const ownConfirmed = await confirm(['MCP_INSPECT_ROUTE_TEST_TOKEN'], server);
    expect(ownConfirmed.status).toBe(403);
    expect(await ownConfirmed.text()).not.toContain(INSPECTOR);
    expect((await envApi(['MCP_INSPECT_ROUTE_TEST_TOKEN'])).status).toBe(403);
  });
});
