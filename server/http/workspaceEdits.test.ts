import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { WorkspaceView } from '../../shared/workspace/pageWire.js';
import type { WorkspaceEditAnswer } from '../../shared/workspace/editWire.js';
import { TEST_TOKEN as TOKEN } from '../testSupport/bridges.js';
import { built } from '../testSupport/built.js';
import { rawRequest } from '../testSupport/http.js';
import { isAlive } from '../testSupport/processes.js';
import { TEST_TUNING } from '../testSupport/targets.js';
import { pageServers } from '../workspace/pageServers.js';
import { startWorkspaceBridge, type RunningWorkspaceBridge } from './workspaceBridge.js';

// The workspace page's edits of its file (add from the form, rename, move, remove), as
// `mcp-inspect --all` runs them: a bridge started from a workspace file on disk, with real servers.
const WAIT = { timeout: 30_000, interval: 100 };
const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-workspace-edits-'));
const file = join(folder, 'mcp-inspect.workspace.json');
let demo: string;
let bridge: RunningWorkspaceBridge;
/** The run's trust: only this variable is given to a server the page adds (as import). */
const TRUST = { trustFile: false, allowEnv: ['EDIT_TEST_MODE'] };
const ENV = { ...process.env, EDIT_TEST_MODE: 'quiet' };

beforeAll(async () => {
  demo = built('server/demo/demoServer.ts');
  const entry = (name: string) => ({ name, command: process.execPath, args: [demo] });
  writeFileSync(
    file,
    `${JSON.stringify({ formatVersion: 1, servers: [entry('alpha'), entry('beta')] }, null, 2)}\n`,
  );
  const read = () => pageServers(file, TRUST, ENV, demo);
  const found = read();
  if ('error' in found) throw new Error(found.error);
  bridge = await startWorkspaceBridge({
    servers: found.servers,
    file,
    revision: found.revision,
    reread: read,
    token: TOKEN,
    host: '127.0.0.1',
    port: 0,
    version: '0.0.0-test',
    log: () => undefined,
    tuning: TEST_TUNING,
  });
}, 60_000);
afterAll(async () => {
  await bridge.close();
  rmSync(folder, { recursive: true, force: true });
});

const own = () => ({ Host: `127.0.0.1:${bridge.port}`, Authorization: `Bearer ${TOKEN}` });
const onDisk = () => readFileSync(file, 'utf8');
const fileNames = () =>
  (JSON.parse(onDisk()) as { servers: { name: string }[] }).servers.map((server) => server.name);

async function view(): Promise<WorkspaceView> {
  const answer = await rawRequest(bridge.port, '/api/workspace', own());
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as WorkspaceView;
}

/** An edit as the page sends it, with the revision it was shown unless the test gives another. */
async function edit(
  body: Record<string, unknown>,
  headers: Record<string, string> = own(),
): Promise<{ status: number; body: WorkspaceEditAnswer & { error?: string } }> {
  const revision = 'revision' in body ? body.revision : (await view()).revision;
  const answer = await rawRequest(
    bridge.port,
    '/api/workspace/edit',
    { ...headers, 'Content-Type': 'application/json' },
    'POST',
    JSON.stringify({ revision, ...body }),
  );
  const json = answer.headers['content-type']?.toString().startsWith('application/json');
  return {
    status: answer.status,
    body: (json ? JSON.parse(answer.body) : { error: answer.body }) as WorkspaceEditAnswer,
  };
}

describe("the workspace page's edits of its file", () => {
  it('refuses a request without the token, from a foreign Origin or Host, and a body of the wrong shape', async () => {
    const before = onDisk();
    const rename = { action: 'rename', name: 'alpha', to: 'stolen' };
    expect((await edit(rename, { Host: `127.0.0.1:${bridge.port}` })).status).toBe(401);
    expect((await edit(rename, { ...own(), Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await edit(rename, { ...own(), Origin: 'http://evil.example' })).status).toBe(403);
    expect((await edit(rename, { ...own(), Host: `evil.example:${bridge.port}` })).status).toBe(403);
    const wrong = [
      { action: 'delete-everything', name: 'alpha' },
      { ...rename, extra: true },
      { action: 'move', name: 'alpha', position: 1.5 },
      { action: 'add', server: { kind: 'url', name: 'x', url: 'file:///etc/passwd', headers: {} } },
      { action: 'add', server: { kind: 'stdio', name: 'x', command: ' ', args: [], env: {} } },
      { action: 'rename', name: 'alpha', to: 'has space' },
    ];
    for (const body of wrong) {
      const answer = await edit(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBeTruthy();
    }
    // A body that is not JSON, or too large, is refused in words, never with a stack trace.
    for (const [path, body, status, words] of [
      ['/api/workspace/edit', '{"action": "rename",', 400, 'the body is not JSON'],
      ['/api/workspace/import', '{not json', 400, 'the body is not JSON'],
      ['/api/workspace/edit', JSON.stringify({ action: 'x', pad: 'x'.repeat(100_000) }), 413, 'too large'],
    ] as const) {
      const answer = await rawRequest(
        bridge.port,
        path,
        { ...own(), 'Content-Type': 'application/json' },
        'POST',
        body,
      );
      expect(answer.status).toBe(status);
      expect(answer.body).toContain(words);
      expect(answer.body).not.toMatch(/at .*\.js:\d+|<pre>/);
    }
    expect(onDisk()).toBe(before);
  });

  it('adds a server from the form, as `workspace add` writes it, and starts it beside the others', async () => {
    const server = {
      kind: 'stdio',
      name: 'gamma',
      command: process.execPath,
      args: [demo],
      env: { MODE: '${env:EDIT_TEST_MODE}', LOG_FILE: '/tmp/gamma.log' },
    };
    const answer = await edit({ action: 'add', server });
    expect(answer.status).toBe(200);
    expect(answer.body.done).toContain('added "gamma"');
    // The same entry `mcp-inspect workspace add` writes for the same server, into a file of its own.
    const twin = join(folder, 'twin.workspace.json');
    writeFileSync(twin, '{ "formatVersion": 1, "servers": [] }\n');
    await promisify(execFile)(process.execPath, [
      built('server/cli/cli.ts'),
      'workspace',
      'add',
      'gamma',
      '--workspace',
      twin,
      '-e',
      'MODE=${env:EDIT_TEST_MODE}',
      '-e',
      'LOG_FILE=/tmp/gamma.log',
      '--',
      process.execPath,
      demo,
    ]);
    const written = JSON.parse(onDisk()) as { servers: unknown[] };
    const byVerb = JSON.parse(readFileSync(twin, 'utf8')) as { servers: unknown[] };
    expect(written.servers[2]).toEqual(byVerb.servers[0]);
    expect(onDisk()).toContain('"name": "gamma",\n      "args"');
    await vi.waitFor(async () => {
      const servers = (await view()).servers;
      expect(servers.map((s) => [s.name, s.state?.state])).toEqual([
        ['alpha', 'connected'],
        ['beta', 'connected'],
        ['gamma', 'connected'],
      ]);
    }, WAIT);
    // The variable the run allows reached the server; nothing else of the environment did.
    expect(bridge.sessions[2]?.spec).toMatchObject({ env: { MODE: 'quiet', LOG_FILE: '/tmp/gamma.log' } });
  });

  it('writes a secret typed in the form as a reference, and names what to set', async () => {
    const answer = await edit({
      action: 'add',
      server: {
        kind: 'url',
        name: 'docs',
        url: 'https://mcp.example.com/mcp',
        transport: 'streamable-http',
        headers: { Authorization: 'Bearer sk-live-0123456789abcdef' },
      },
    });
    expect(answer.status).toBe(200);
    expect(onDisk()).not.toContain('sk-live-0123456789abcdef');
    expect(onDisk()).toContain('"Authorization": "Bearer ${env:DOCS_AUTHORIZATION}"');
    expect(answer.body.added?.notes.join('\n')).toContain('set DOCS_AUTHORIZATION');
    // Not allowed by this run: listed, saying which variable it needs, never started.
    const docs = (await view()).servers.find((server) => server.name === 'docs');
    expect(docs?.problem).toContain('DOCS_AUTHORIZATION');
    const taken = await edit({
      action: 'add',
      server: { kind: 'url', name: 'docs', url: 'https://a.example', headers: {} },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toContain('has a server named "docs" already');
  });

  it('renames a server and keeps its session; a name taken is refused', async () => {
    const pid = bridge.sessions[1]?.pid;
    const answer = await edit({ action: 'rename', name: 'beta', to: 'beta-2' });
    expect(answer.status).toBe(200);
    expect(answer.body.done).toContain('its session is kept');
    expect(fileNames()).toEqual(['alpha', 'beta-2', 'gamma', 'docs']);
    const servers = (await view()).servers;
    expect(servers[1]).toMatchObject({ id: '1', name: 'beta-2', state: { state: 'connected' } });
    expect(bridge.sessions[1]?.pid).toBe(pid);
    // One that cannot start keeps its reason, under its new name.
    expect((await edit({ action: 'rename', name: 'docs', to: 'docs-api' })).status).toBe(200);
    const docs = (await view()).servers[3];
    expect(docs?.name).toBe('docs-api');
    expect(docs?.problem).toMatch(/^"docs-api" in .*DOCS_AUTHORIZATION/);
    const before = onDisk();
    const taken = await edit({ action: 'rename', name: 'alpha', to: 'gamma' });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe('the workspace has a server named "gamma" already');
    expect(onDisk()).toBe(before);
  });

  it('moves a server: the list and the file in the new order, each keeping its id', async () => {
    expect((await edit({ action: 'move', name: 'gamma', position: 1 })).status).toBe(200);
    expect(fileNames()).toEqual(['gamma', 'alpha', 'beta-2', 'docs-api']);
    const servers = (await view()).servers;
    expect(servers.map((server) => [server.id, server.name])).toEqual([
      ['2', 'gamma'],
      ['0', 'alpha'],
      ['1', 'beta-2'],
      ['3', 'docs-api'],
    ]);
    const beyond = await edit({ action: 'move', name: 'gamma', position: 9 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toContain('from 1 to 4');
  });

  it('removes a server: its process stops, its slot and its routes go, the others run on', async () => {
    const alpha = bridge.sessions[1];
    const pid = alpha?.pid;
    expect(pid).toBeDefined();
    const answer = await edit({ action: 'remove', name: 'alpha' });
    expect(answer.status).toBe(200);
    expect(isAlive(pid ?? 0)).toBe(false);
    expect(fileNames()).toEqual(['gamma', 'beta-2', 'docs-api']);
    const servers = (await view()).servers;
    expect(servers.map((server) => server.name)).toEqual(['gamma', 'beta-2', 'docs-api']);
    expect(servers[0]?.state?.state).toBe('connected');
    expect((await rawRequest(bridge.port, '/s/0/api/session', own())).status).toBe(404);
    const unknown = await edit({ action: 'remove', name: 'alpha' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('no server named "alpha"');
  });

  it('leaves a file that does not parse as it is, and says where', async () => {
    const good = onDisk();
    const broken = good.replace('"name": "docs-api",', '"name": "docs-api"');
    writeFileSync(file, broken);
    const answer = await edit({ action: 'rename', name: 'gamma', to: 'delta' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/mcp-inspect\.workspace\.json: line \d+, column \d+/);
    expect(answer.body.error).toContain('nothing written');
    expect(onDisk()).toBe(broken);
    writeFileSync(file, good);
    // The file as the bridge wrote it again, but a page that was shown an older list (another tab's).
    const stale = await edit({ action: 'rename', name: 'gamma', to: 'delta', revision: 'an-older-one' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toContain("this page's list is older than");
    expect(onDisk()).toBe(good);
  });

  it('refuses to write over a file changed on disk since the page read it, or from a stale list', async () => {
    const revision = (await view()).revision;
    // The terminal's verb renames a server meanwhile.
    await promisify(execFile)(process.execPath, [
      built('server/cli/cli.ts'),
      'workspace',
      'rename',
      'docs-api',
      'docs-2',
      '--workspace',
      file,
    ]);
    const changed = onDisk();
    const answer = await edit({ action: 'move', name: 'gamma', position: 2, revision });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toContain('changed on disk since this page read it');
    expect(onDisk()).toBe(changed);
    const remove = await edit({ action: 'remove', name: 'gamma' });
    expect(remove.status).toBe(409);
    expect((await view()).servers[0]).toMatchObject({ name: 'gamma', state: { state: 'connected' } });
  });
});
