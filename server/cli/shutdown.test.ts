import { describe, expect, it, type TestContext } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_TOKEN, startCli, type Cli } from '../testSupport/cliProcess.js';
import { PageClient } from '../testSupport/pageClient.js';
import { catchesSignal, eventually, killAllWith, livePidsWith, newMarker } from '../testSupport/processes.js';
import { fixturePath } from '../testSupport/targets.js';

/**
 * However the bridge ends, no process it started may outlive it: the CLI as a real process, in
 * front of a server that ignores its stdin closing, SIGTERM, SIGINT and SIGHUP, and whose helper
 * process (same group) does the same. The CLI escalates to SIGKILL after its kill grace (250 ms
 * here, 2.5 s in the product), the watcher after 1 s.
 */
const STUBBORN = fixturePath('stubbornServer.mjs');
/** Past this something is left. */
const GONE_WITHIN_MS = 10_000;

/** A word to find the test's processes by; whatever of them still runs when the test ends is killed. */
function markerFor(t: TestContext): string {
  const marker = newMarker();
  t.onTestFinished(() => killAllWith(marker));
  return marker;
}

/**
 * The CLI in front of the stubborn server; resolves once the server and its helper run and
 * ignore SIGTERM (a signal that came before their handlers would end them and test nothing).
 */
async function startStubborn(
  t: TestContext,
  env: NodeJS.ProcessEnv = {},
): Promise<{ cli: Cli; marker: string }> {
  const marker = markerFor(t);
  const cli = startCli(t, ['--no-open', '--port', '0', '--', process.execPath, STUBBORN, marker], { env });
  const stubborn = (): number[] => livePidsWith(marker, [cli.child.pid]);
  const up = await eventually(
    () => stubborn().length === 2 && stubborn().every((pid) => catchesSignal(pid, 'SIGTERM')),
    15_000,
  );
  expect(up, `server and helper did not start:\n${cli.output()}`).toBe(true);
  return { cli, marker };
}

async function expectNothingLeft(cli: Cli, marker: string): Promise<void> {
  const gone = await eventually(() => livePidsWith(marker, [cli.child.pid]).length === 0, GONE_WITHIN_MS);
  expect(gone, `still running: ${livePidsWith(marker, [cli.child.pid]).join(', ')}`).toBe(true);
}

describe.skipIf(process.platform === 'win32').concurrent('no process outlives the bridge', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`on ${signal}, it stops the server, escalating, and exits 0`, async (t) => {
      const { cli, marker } = await startStubborn(t);
      await cli.waitForOutput(/Open the inspector/);
      cli.child.kill(signal);
      expect(await cli.exited).toBe(0);
      expect(cli.output()).toContain(`${signal}: stopping the MCP server and the bridge`);
      await expectNothingLeft(cli, marker);
    });
  }

  it('on a second Ctrl-C during a call that never ends, it exits at once and still kills the group', async (t) => {
    // A grace longer than the whole test: the second Ctrl-C surely comes while the first waits.
    const { cli, marker } = await startStubborn(t, { MCP_INSPECT_KILL_GRACE_MS: '60000' });
    const [, port] = await cli.waitForOutput(/Open the inspector: http:\/\/127\.0\.0\.1:(\d+)/);
    const page = await PageClient.connect(Number(port), CLI_TOKEN);
    await page.waitForState('connected');
    await page.initialize();
    page.send({ jsonrpc: '2.0', id: 'slow', method: 'tools/call', params: { name: 'slow', arguments: {} } });
    await page.waitFor((e) => e.type === 'frame' && e.dir === 'toServer' && e.seq !== undefined);
    cli.child.kill('SIGINT');
    await cli.waitForOutput(/SIGINT: stopping/);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    await expectNothingLeft(cli, marker);
  });

  it('when the bridge is killed with SIGKILL, its watcher ends the group', async (t) => {
    const { cli, marker } = await startStubborn(t);
    await cli.waitForOutput(/Open the inspector/);
    cli.child.kill('SIGKILL');
    await cli.exited;
    await expectNothingLeft(cli, marker);
  });

  it('when it cannot listen, it says so, exits 1 and stops the server it started', async (t) => {
    // A documentation address (TEST-NET-1) no interface has: bind() fails at once, locally.
    const marker = markerFor(t);
    const cli = startCli(t, [
      '--no-open',
      '--dangerously-listen-on',
      '192.0.2.1',
      '--port',
      '0',
      '--',
      process.execPath,
      STUBBORN,
      marker,
    ]);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('could not listen on 192.0.2.1:0');
    await expectNothingLeft(cli, marker);
  });

  it('on Ctrl-C while a URL server accepts and never answers, it exits 0, not waiting out the probe', async (t) => {
    const silent = createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    t.onTestFinished(() => void silent.close());
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
    // The start's probe would wait two minutes; the CLI's own limit for stopping (5 s) would end
    // it with exit code 1.
    const cli = startCli(t, ['--no-open', '--port', '0', '--connect-timeout', '120', '--url', url]);
    await cli.waitForOutput(/Open the inspector/);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).not.toMatch(/no answer from/);
  });

  for (const signal of ['SIGINT', 'SIGKILL'] as const)
    it(`with --all, ${signal === 'SIGINT' ? 'Ctrl-C' : 'SIGKILL'} stops every server of the workspace, stubborn ones too`, async (t) => {
      const marker = markerFor(t);
      const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-shutdown-all-'));
      t.onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
      const file = join(folder, 'mcp-inspect.workspace.json');
      const servers = ['one', 'two', 'three'].map((name) => ({
        name,
        command: process.execPath,
        args: [STUBBORN, marker],
      }));
      writeFileSync(file, JSON.stringify({ formatVersion: 1, servers }));
      const cli = startCli(t, ['--no-open', '--port', '0', '--all', '--workspace', file]);
      // Three servers, each with its helper, all of them ignoring SIGTERM.
      const stubborn = (): number[] => livePidsWith(marker, [cli.child.pid]);
      const up = await eventually(
        () => stubborn().length === 6 && stubborn().every((pid) => catchesSignal(pid, 'SIGTERM')),
        20_000,
      );
      expect(up, `the servers did not start:\n${cli.output()}`).toBe(true);
      await cli.waitForOutput(/Open the inspector/);
      cli.child.kill(signal);
      const code = await cli.exited;
      if (signal === 'SIGINT') expect(code).toBe(0);
      await expectNothingLeft(cli, marker);
    });
});
