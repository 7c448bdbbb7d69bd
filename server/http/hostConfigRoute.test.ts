// The page's "Put a host on the proxy": the route over a real HTTP listener, on a copy of a host's
// config file: read its servers, preview a wrap (nothing written), write it, unwrap it byte for byte.
import { cpSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { describe, expect, it, onTestFinished } from 'vitest';
import { API_HOST_CONFIG_PATH } from '../../shared/http.js';
import type {
  HostConfigChange,
  HostConfigRequest,
  HostConfigView,
  HostLocationView,
} from '../../shared/hostConfigWire.js';
import type { PlaceContext } from '../hostConfigs/hostLocations.js';
import { launcherFor } from '../hostConfigs/proxyEntry.js';
import { scratchDir } from '../testSupport/scratchDir.js';
import { TEST_TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { demoTarget } from '../testSupport/targets.js';
import { hostConfigRouter } from './hostConfigRoute.js';

const FIXTURES = fileURLToPath(new URL('../hostConfigs/fixtures/', import.meta.url));

async function served(place: PlaceContext) {
  const app = express();
  app.use(
    hostConfigRouter(
      () => launcherFor('/opt/mcp-inspect/dist/server/cli.js', '/usr/bin/node'),
      () => place,
    ),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}${API_HOST_CONFIG_PATH}`;
  return {
    post: async (body: HostConfigRequest | Record<string, unknown>) => {
      const response = await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    locations: async () => (await (await fetch(`${base}/locations`)).json()) as HostLocationView[],
  };
}

describe(`${API_HOST_CONFIG_PATH}`, () => {
  it('lists the hosts default files, reads one, previews, writes and undoes a wrap; no secret in any answer', async () => {
    const home = scratchDir('host-config-route');
    cpSync(join(FIXTURES, 'cursor'), home, { recursive: true });
    const place: PlaceContext = {
      os: 'linux',
      home,
      cwd: home,
      env: { MCP_INSPECT_STATE_DIR: join(home, 'state') },
    };
    const route = await served(place);
    const file = join(home, '.cursor', 'mcp.json');
    const original = readFileSync(file);

    const locations = await route.locations();
    expect(locations.find((entry) => entry.name === 'cursor')).toEqual({
      name: 'cursor',
      what: 'Cursor, global',
      path: file,
      exists: true,
    });
    expect(locations.find((entry) => entry.name === 'windsurf')?.exists).toBe(false);

    const read = await route.post({ action: 'read', config: 'cursor' });
    expect(read.status).toBe(200);
    expect(read.body as HostConfigView).toEqual({
      config: file,
      host: 'cursor',
      servers: [
        { id: 'search', kind: 'url', shown: 'https://search.example.com/mcp?token=****', wrapped: false },
        {
          id: 'files',
          kind: 'stdio',
          shown: 'npx -y @modelcontextprotocol/server-filesystem /home/ada/Documents',
          wrapped: false,
        },
      ],
      unreadable: [],
    });

    const preview = await route.post({ action: 'wrap', config: 'cursor', servers: ['search', 'files'] });
    const change = preview.body as HostConfigChange;
    expect(change.written).toBe(false);
    expect(change.diff).toContain(
      '+\t\t\t"args": ["/opt/mcp-inspect/dist/server/cli.js", "proxy", "--", "npx"',
    );
    expect(change.changed[0]?.proxyCommand).toBe(
      `/usr/bin/node /opt/mcp-inspect/dist/server/cli.js proxy --url 'https://search.example.com/mcp?token=****' --port ${change.changed[0]?.port}`,
    );
    expect(readFileSync(file).equals(original)).toBe(true);

    const written = await route.post({ action: 'wrap', config: 'cursor', all: true, dryRun: false });
    expect((written.body as HostConfigChange).written).toBe(true);
    const after = (await route.post({ action: 'read', config: 'cursor' })).body as HostConfigView;
    expect(after.servers.map((server) => [server.id, server.wrapped, server.shown])).toEqual([
      ['search', true, `http://127.0.0.1:${change.changed[0]?.port}/mcp`],
      ['files', true, 'npx -y @modelcontextprotocol/server-filesystem /home/ada/Documents'],
    ]);

    const back = await route.post({ action: 'unwrap', config: 'cursor', all: true, dryRun: false });
    expect((back.body as HostConfigChange).restored).toBe(true);
    expect(readFileSync(file).equals(original)).toBe(true);
    for (const answer of [read, preview, written, back])
      expect(JSON.stringify(answer.body)).not.toContain('fixtureSecret');
  });

  it('a bad request, an unknown server or a broken file: 400 with what is wrong, nothing written', async () => {
    const home = scratchDir('host-config-route');
    cpSync(join(FIXTURES, 'cursor'), home, { recursive: true });
    const place: PlaceContext = {
      os: 'linux',
      home,
      cwd: home,
      env: { MCP_INSPECT_STATE_DIR: join(home, 'state') },
    };
    const route = await served(place);
    expect((await route.post({ action: 'explode', config: 'cursor' })).status).toBe(400);
    const unknown = await route.post({ action: 'wrap', config: 'cursor', servers: ['nope'], dryRun: false });
    expect(unknown).toEqual({
      status: 400,
      body: {
        error: 'no server named "nope"',
        details: [`${join(home, '.cursor', 'mcp.json')} has: search, files`],
      },
    });
    const missing = await route.post({ action: 'read', config: 'windsurf' });
    expect(missing.status).toBe(400);
    expect((missing.body as { error: string }).error).toMatch(/^no such file: /);
  });
});

describe(`${API_HOST_CONFIG_PATH} on a real bridge`, { timeout: 60_000 }, () => {
  it('needs the token and our Origin, as every /api route', async () => {
    const bridge = await startTestBridge(demoTarget());
    onTestFinished(() => bridge.close());
    const post = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${bridge.port}${API_HOST_CONFIG_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ action: 'read', config: 'cursor' }),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect(
      (await post({ authorization: `Bearer ${TEST_TOKEN}`, origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect([200, 400]).toContain((await post({ authorization: `Bearer ${TEST_TOKEN}` })).status);
  });
});
