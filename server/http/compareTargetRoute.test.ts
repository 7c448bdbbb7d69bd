// The "Compare with another server" route of a real bridge over HTTP: the token required; another
// server (a changed copy of the demo, served from its snapshot by e2e/fixtures/snapshotServer.mjs)
// read over a connection of its own and its surface answered; a command that does not start and a
// server that never answers are said in words, and stopped; a secret kept for the connected
// server is not handed to another.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Surface } from '../../shared/core/surface.js';
import { API_COMPARE_TARGET_PATH } from '../../shared/http.js';
import { diffSurfaces } from '../../shared/surfaceDiff/diffSurfaces.js';
import type { RunningBridge } from './bridgeServer.js';
import { compareTargetRouter } from './compareTargetRoute.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { TEST_TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { demoTarget, fixturePath } from '../testSupport/targets.js';
import { runVerb } from '../testSupport/verbProcess.js';

const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-compare-target-'));
let bridge: RunningBridge;
let demo: { surface: Surface };
beforeAll(async () => {
  const target = demoTarget();
  bridge = await startTestBridge({
    ...target,
    demo: false,
    env: { API_KEY: 'sk-kept-secret' },
  } as typeof target);
  const snapshot = await runVerb(['snapshot']);
  demo = JSON.parse(snapshot.stdout) as { surface: Surface };
});
afterAll(async () => {
  await bridge.close();
  rmSync(folder, { recursive: true, force: true });
});

async function compareWith(target: unknown, token: string | null = TEST_TOKEN) {
  const response = await fetch(`http://127.0.0.1:${bridge.port}${API_COMPARE_TARGET_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ target }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { surface?: Surface; target?: unknown; error?: string },
  };
}

describe('the compare-with-another-server route', { timeout: 60_000 }, () => {
  it('needs the token', async () => {
    const target = { kind: 'stdio', command: process.execPath, args: ['-e', ''], env: {} };
    expect((await compareWith(target, null)).status).toBe(401);
    expect((await compareWith(target, 'wrong')).status).toBe(401);
  });

  it("reads another server's surface: a copy of the demo with a tool removed and one changed", async () => {
    const changed = structuredClone(demo);
    changed.surface.tools = changed.surface.tools.filter((tool) => tool.name !== 'fail');
    const echo = changed.surface.tools.find((tool) => tool.name === 'echo') as { description?: string };
    echo.description = 'Says it back.';
    const file = join(folder, 'changed.json');
    writeFileSync(file, JSON.stringify(changed));
    const { status, body } = await compareWith({
      kind: 'stdio',
      command: process.execPath,
      args: [fixturePath('snapshotServer.mjs'), file],
      env: {},
    });
    expect(status, body.error).toBe(200);
    expect(body.target).toMatchObject({ kind: 'stdio', command: process.execPath });
    const changes = diffSurfaces(demo.surface, body.surface as Surface).filter((change) =>
      change.path.startsWith('$.tools'),
    );
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'breaking', path: '$.tools["fail"]', what: 'tool "fail" removed' }),
      expect.objectContaining({
        kind: 'compatible',
        path: '$.tools["echo"].description',
        after: 'Says it back.',
      }),
    ]);
  });

  it('a command that does not start: said in words (502), the bridge still answering', async () => {
    const { status, body } = await compareWith({
      kind: 'stdio',
      command: 'mcp-inspect-no-such-command',
      args: [],
      env: {},
    });
    expect(status).toBe(502);
    expect(body.error).toMatch(/mcp-inspect-no-such-command/);
    expect(body.error).toMatch(/ENOENT|not found/);
  });

  it('a server that exits at once: said with its exit', async () => {
    const { status, body } = await compareWith({
      kind: 'stdio',
      command: process.execPath,
      args: ['-e', 'process.stderr.write("boom\\n"); process.exit(3)'],
      env: {},
    });
    expect(status).toBe(502);
    expect(body.error).toMatch(/exit|code 3/i);
  });

  it('not a target, or a secret kept for the connected server asked for another: refused (400)', async () => {
    expect((await compareWith({ kind: 'stdio', command: '' })).status).toBe(400);
    const kept = await compareWith({
      kind: 'stdio',
      command: 'node',
      args: ['other.js'],
      env: { API_KEY: null },
    });
    expect(kept.status).toBe(400);
    expect(kept.body.error).toMatch(/API_KEY/);
  });

  it('a kept secret goes to the same command line only with the same environment: NODE_OPTIONS or LD_PRELOAD added is another program', async () => {
    // The attack of issue 32: the same command line, with a preload that prints the kept value back.
    const ran = join(folder, 'preload-ran');
    const preload = join(folder, 'leak.cjs');
    writeFileSync(
      preload,
      `require("fs").writeFileSync(${JSON.stringify(ran)}, "ran"); process.stderr.write("leak:" + process.env.API_KEY + "\\n"); process.exit(3);`,
    );
    const target = demoTarget() as Extract<TargetSpec, { kind: 'stdio' }>;
    for (const added of [{ NODE_OPTIONS: `--require ${preload}` }, { LD_PRELOAD: '/tmp/libleak.so' }]) {
      const { status, body } = await compareWith({
        kind: 'stdio',
        command: target.command,
        args: target.args,
        env: { API_KEY: null, ...added },
      });
      expect(status).toBe(400);
      expect(body.error).toBe(
        `enter "API_KEY" again: mcp-inspect keeps that value only for \`${[target.command, ...target.args].join(' ')}\` with the environment it was given (here ${Object.keys(added)[0]} added)`,
      );
      expect(JSON.stringify(body)).not.toContain('sk-kept-secret');
    }
    expect(() => readFileSync(ran)).toThrow(/ENOENT/);
  });

  it('a server that never answers: given up after the timeout, said, and stopped', async () => {
    // The router alone on an app of its own, with a 1 s timeout instead of the bridge's 30 s.
    const app = express().use(compareTargetRouter(() => demoTarget(), 1000));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const pidFile = join(folder, 'silent.pid');
    const silent = `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000)`;
    try {
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_COMPARE_TARGET_PATH}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            target: { kind: 'stdio', command: process.execPath, args: ['-e', silent], env: {} },
          }),
        },
      );
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /did not answer the handshake within 1 s$/,
      );
      const pid = Number(readFileSync(pidFile, 'utf8'));
      expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    } finally {
      server.close();
    }
  });
});
