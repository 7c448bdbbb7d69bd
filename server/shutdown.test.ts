import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PageClient } from './testSupport/pageClient.js';
import { eventually, killAllWith, livePidsWith, newMarker } from './testSupport/processes.js';

/**
 * However the bridge ends, no process it started may outlive it: the CLI from source, as a
 * real process, in front of a server that ignores its stdin closing, SIGTERM, SIGINT and
 * SIGHUP, and whose helper process (same group) does the same.
 */
const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const STUBBORN = fileURLToPath(new URL('../e2e/fixtures/stubbornServer.mjs', import.meta.url));
const TOKEN = 'shutdown-test-token-0123456789abcdef';
/** The bridge's own escalation takes 2.5 s, the watcher's 1 s; past this something is left. */
const GONE_WITHIN_MS = 10_000;

interface Cli {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const markers: string[] = [];
const clis: Cli[] = [];
afterEach(() => {
  for (const cli of clis.splice(0)) cli.child.kill('SIGKILL');
  for (const marker of markers.splice(0)) killAllWith(marker);
});

function startCli(args: string[]): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--no-open', ...args], {
    env: { ...process.env, MCP_INSPECT_TOKEN: TOKEN },
    stdio: 'pipe',
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cli = { child, output: () => text, exited };
  clis.push(cli);
  return cli;
}

/** The CLI in front of the stubborn server; resolves once the server and its helper run. */
async function startStubborn(extra: string[] = []): Promise<{ cli: Cli; marker: string }> {
  const marker = newMarker();
  markers.push(marker);
  const cli = startCli([...extra, '--port', '0', '--', process.execPath, STUBBORN, marker]);
  const up = await eventually(() => livePidsWith(marker, [cli.child.pid]).length === 2, 15_000);
  expect(up, `server and helper did not start:\n${cli.output()}`).toBe(true);
  return { cli, marker };
}

async function expectNothingLeft(cli: Cli, marker: string): Promise<void> {
  const gone = await eventually(() => livePidsWith(marker, [cli.child.pid]).length === 0, GONE_WITHIN_MS);
  expect(gone, `still running: ${livePidsWith(marker, [cli.child.pid]).join(', ')}`).toBe(true);
}

describe.skipIf(process.platform === 'win32')('no process outlives the bridge', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`on ${signal}, it stops the server, escalating, and exits 0`, async () => {
      const { cli, marker } = await startStubborn();
      await waitForOutput(cli, /Open the inspector/);
      cli.child.kill(signal);
      expect(await cli.exited).toBe(0);
      expect(cli.output()).toContain(`${signal}: stopping the MCP server and the bridge`);
      await expectNothingLeft(cli, marker);
    });
  }

  it('on a second Ctrl-C during a call that never ends, it exits at once and still kills the group', async () => {
    const { cli, marker } = await startStubborn();
    const [, port] = await waitForOutput(cli, /Open the inspector: http:\/\/127\.0\.0\.1:(\d+)/);
    const page = await PageClient.connect(Number(port), TOKEN);
    await page.waitForState('connected');
    await page.initialize();
    page.send({ jsonrpc: '2.0', id: 'slow', method: 'tools/call', params: { name: 'slow', arguments: {} } });
    await page.waitFor((e) => e.type === 'frame' && e.dir === 'toServer' && e.seq !== undefined);
    cli.child.kill('SIGINT');
    await waitForOutput(cli, /SIGINT: stopping/);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    await expectNothingLeft(cli, marker);
  });

  it('when the bridge is killed with SIGKILL, its watcher ends the group', async () => {
    const { cli, marker } = await startStubborn();
    await waitForOutput(cli, /Open the inspector/);
    cli.child.kill('SIGKILL');
    await cli.exited;
    await expectNothingLeft(cli, marker);
  });

  it('when it cannot listen, it says so, exits 1 and stops the server it started', async () => {
    // A documentation address (TEST-NET-1) no interface has: bind() fails at once, locally.
    const marker = newMarker();
    markers.push(marker);
    const cli = startCli([
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
});

async function waitForOutput(cli: Cli, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  let match: RegExpMatchArray | null = null;
  const found = await eventually(() => (match = pattern.exec(cli.output())) !== null, timeoutMs);
  if (!found || match === null) throw new Error(`no ${pattern} in output:\n${cli.output()}`);
  return match;
}
