// The rendezvous: a collector writes its port and token to a 0600 file in the state folder; a
// proxy finds it and streams its capture there, live, or late (what its ring holds first) when
// the collector starts after the session did. The collector lists each session with the host's
// clientInfo, era and state, and refuses requests without the token or from a web page.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { readRendezvous } from '../proxy/rendezvousFile.js';
import { built } from '../testSupport/built.js';
import { eventually } from '../testSupport/processes.js';
import { CaptureCollector, SESSIONS_PATH } from './captureCollector.js';
import type { CapturedSession } from './capturedSession.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-rendezvous-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;

function stateHome(): { env: Record<string, string>; file: string } {
  n += 1;
  const home = join(scratch, `state-${n}`);
  return {
    // The run's own state folder (testSupport/globalSetup.ts) would win over XDG_STATE_HOME.
    env: {
      ...(process.env as Record<string, string>),
      XDG_STATE_HOME: home,
      MCP_INSPECT_STATE_DIR: join(home, 'mcp-inspect'),
    },
    file: join(home, 'mcp-inspect', 'rendezvous.json'),
  };
}
const proxied = (env: Record<string, string>) => ({
  command: process.execPath,
  args: [
    built('server/cli/cli.ts'),
    'proxy',
    '--no-capture',
    '--',
    process.execPath,
    built('server/demo/demoServer.ts'),
  ],
  env,
  stderr: 'ignore' as const,
});

function get(port: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: SESSIONS_PATH, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the capture rendezvous', { timeout: 60_000 }, () => {
  it('lists a proxied session live with the host’s name, era and state, through a 0600 file with a token', async () => {
    const { env, file } = stateHome();
    const seen: CapturedSession[] = [];
    const collector = await CaptureCollector.start({
      rendezvousFile: file,
      onChange: (session) => seen.push(session),
    });
    try {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readRendezvous(file)).toMatchObject({ port: collector.port, token: collector.token });
      const host = new V1Client({ name: 'live-host', version: '3.1' });
      await host.connect(new V1StdioTransport(proxied(env)));
      await host.callTool({ name: 'echo', arguments: { message: 'seen live' } });
      expect(await eventually(() => collector.sessions()[0]?.client?.name === 'live-host', 10_000)).toBe(
        true,
      );
      expect(collector.sessions()[0]).toMatchObject({
        era: 'legacy',
        state: 'live',
        transport: 'stdio',
        client: { version: '3.1' },
      });
      // The call's records follow the session's first ones over the same stream, a moment later.
      expect(
        await eventually(
          () =>
            collector.records(collector.sessions()[0]?.id ?? '').some((text) => text.includes('seen live')),
          10_000,
        ),
      ).toBe(true);
      await host.close();
      expect(
        await eventually(() => ['exited', 'ended'].includes(collector.sessions()[0]?.state ?? ''), 10_000),
      ).toBe(true);
      expect(seen.some((session) => session.state === 'live')).toBe(true);
    } finally {
      await collector.close();
    }
    expect(readRendezvous(file)).toBeUndefined();
  });

  it('takes a session that began before the collector, from what the proxy’s ring held (modern era)', async () => {
    const { env, file } = stateHome();
    const host = new Client(
      { name: 'early-host', version: '2' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await host.connect(new StdioClientTransport(proxied(env)));
    await host.listTools();
    const collector = await CaptureCollector.start({ rendezvousFile: file });
    try {
      expect(await eventually(() => collector.sessions()[0]?.client?.name === 'early-host', 15_000)).toBe(
        true,
      );
      expect(collector.sessions()[0]?.era).toBe('modern');
    } finally {
      await host.close();
      await collector.close();
    }
  });

  it('refuses a request without the token, with a wrong one, from a web page, or for another Host', async () => {
    const { file } = stateHome();
    const collector = await CaptureCollector.start({ rendezvousFile: file });
    try {
      const host = `127.0.0.1:${collector.port}`;
      const bearer = `Bearer ${collector.token}`;
      expect((await get(collector.port, { host })).status).toBe(401);
      expect((await get(collector.port, { host, authorization: 'Bearer wrong-token' })).status).toBe(401);
      expect(
        (await get(collector.port, { host, authorization: bearer, origin: 'http://evil.example' })).status,
      ).toBe(403);
      expect((await get(collector.port, { host: 'evil.example', authorization: bearer })).status).toBe(403);
      const ok = await get(collector.port, { host, authorization: bearer });
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body)).toEqual({ sessions: [] });
    } finally {
      await collector.close();
    }
  });
});
