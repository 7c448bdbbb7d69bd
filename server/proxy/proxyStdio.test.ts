// The stdio proxy as a host meets it: real SDK clients (v1 and v2) spawn
// `mcp-inspect proxy -- node <server>` where they would spawn the server, and get what they get
// directly; stdout is the server's byte for byte; the capture file is a recording `mock` serves;
// signals and a host that goes away leave no process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { built } from '../testSupport/built.js';
import { eventually, livePidsWith, newMarker } from '../testSupport/processes.js';
import { EVERYTHING_SERVER, fixturePath } from '../testSupport/targets.js';
import { runVerb } from '../testSupport/verbProcess.js';

const TIMEOUT_MS = 60_000;
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-proxy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cli = () => built('server/cli/cli.ts');
const demo = () => built('server/demo/demoServer.ts');
let dirs = 0;
/** A fresh capture folder, so each test finds its own capture file. */
function captureDir(): string {
  dirs += 1;
  return join(scratch, `captures-${dirs}`);
}
function proxied(dir: string, server: string[], options: string[] = []) {
  return {
    command: process.execPath,
    args: [cli(), 'proxy', '--capture-dir', dir, ...options, '--', ...server],
  };
}
/** The one capture file of a folder, read as records (the header first). */
function captureOf(dir: string): { path: string; records: Record<string, unknown>[] } {
  const [name] = readdirSync(dir);
  const path = join(dir, name ?? '');
  return {
    path,
    records: readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
/** Waits for the capture file to hold its end (the proxy writes it out as it exits). */
async function captureEnded(dir: string): Promise<ReturnType<typeof captureOf>> {
  await eventually(() => {
    try {
      return captureOf(dir).records.some((record) => record.type === 'state' && record.state === 'exited');
    } catch {
      return false;
    }
  }, 10_000);
  return captureOf(dir);
}

/** Runs a process with `input` on stdin; its stdout as bytes, stderr as text, and exit. */
function runRaw(
  command: string,
  args: string[],
  input: Buffer | string,
  env: NodeJS.ProcessEnv = process.env,
  /** Keeps stdin open until stdout holds this (a server may exit on end of input before answering). */
  waitFor?: string,
) {
  const child = spawn(command, args, { stdio: 'pipe', env });
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out.push(chunk);
    if (waitFor !== undefined && Buffer.concat(out).includes(waitFor)) child.stdin.end();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  if (waitFor === undefined) child.stdin.end(input);
  else child.stdin.write(input);
  return new Promise<{ stdout: Buffer; stderr: string; code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) =>
      child.once('close', (code, signal) => resolve({ stdout: Buffer.concat(out), stderr, code, signal })),
  );
}

const line = (message: object) => `${JSON.stringify(message)}\n`;
const INITIALIZE = line({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'scripted-host', version: '1' },
  },
});
const SCRIPT =
  INITIALIZE +
  line({ jsonrpc: '2.0', method: 'notifications/initialized' }) +
  line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) +
  'a line from the host that is not JSON\n' +
  line({
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: 'héllo ✓' } },
  });

describe('mcp-inspect proxy over stdio', { timeout: TIMEOUT_MS }, () => {
  it('gives a v1 client (legacy era) the results it gets directly, and captures the session with its clientInfo', async () => {
    const dir = captureDir();
    const direct = new V1Client({ name: 'v1-host', version: '1' });
    const through = new V1Client({ name: 'v1-host', version: '1' });
    await Promise.all([
      direct.connect(new V1StdioTransport({ command: process.execPath, args: [demo()], stderr: 'ignore' })),
      through.connect(
        new V1StdioTransport({ ...proxied(dir, [process.execPath, demo()]), stderr: 'ignore' }),
      ),
    ]);
    expect(through.getServerVersion()).toEqual(direct.getServerVersion());
    expect(await through.listTools()).toEqual(await direct.listTools());
    const call = { name: 'echo', arguments: { message: 'through the proxy' } };
    expect(await through.callTool(call)).toEqual(await direct.callTool(call));
    await Promise.all([direct.close(), through.close()]);

    const { path, records } = await captureEnded(dir);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(records[0]).toMatchObject({
      type: 'mcp-inspect-traffic',
      version: 1,
      capture: { transport: 'stdio' },
    });
    const frames = records.filter((record) => record.type === 'frame');
    const initialize = frames.find((frame) => (frame.message as { method?: string }).method === 'initialize');
    expect(initialize).toMatchObject({
      dir: 'toServer',
      message: { params: { clientInfo: { name: 'v1-host' } } },
    });
    expect(
      frames.some(
        (frame) => frame.dir === 'fromServer' && JSON.stringify(frame.message).includes('through the proxy'),
      ),
    ).toBe(true);
  });

  it('gives a v2 client in the modern era the results it gets directly', async () => {
    const dir = captureDir();
    const options = { versionNegotiation: { mode: { pin: '2026-07-28' as const } } };
    const direct = new Client({ name: 'v2-host', version: '2' }, options);
    const through = new Client({ name: 'v2-host', version: '2' }, options);
    await Promise.all([
      direct.connect(
        new StdioClientTransport({ command: process.execPath, args: [demo()], stderr: 'ignore' }),
      ),
      through.connect(
        new StdioClientTransport({ ...proxied(dir, [process.execPath, demo()]), stderr: 'ignore' }),
      ),
    ]);
    expect(through.getProtocolEra()).toBe('modern');
    expect((await through.listTools()).tools).toEqual((await direct.listTools()).tools);
    const call = { name: 'echo', arguments: { message: 'modern, proxied' } };
    expect((await through.callTool(call)).content).toEqual((await direct.callTool(call)).content);
    await Promise.all([direct.close(), through.close()]);
    const { records } = await captureEnded(dir);
    const discover = records.find(
      (record) =>
        record.type === 'frame' && (record.message as { method?: string }).method === 'server/discover',
    );
    expect(discover).toBeDefined();
  });

  it('relays server-everything (a server nobody here wrote) as it is', async () => {
    const dir = captureDir();
    const server = [process.execPath, EVERYTHING_SERVER, 'stdio'];
    const direct = new V1Client({ name: 'host', version: '1' });
    const through = new V1Client({ name: 'host', version: '1' });
    await Promise.all([
      direct.connect(
        new V1StdioTransport({ command: server[0] as string, args: server.slice(1), stderr: 'ignore' }),
      ),
      through.connect(new V1StdioTransport({ ...proxied(dir, server), stderr: 'ignore' })),
    ]);
    expect((await through.listTools()).tools.map((tool) => tool.name)).toEqual(
      (await direct.listTools()).tools.map((tool) => tool.name),
    );
    const call = { name: 'echo', arguments: { message: 'everything' } };
    expect(await through.callTool(call)).toEqual(await direct.callTool(call));
    await Promise.all([direct.close(), through.close()]);
  });

  it('writes on stdout exactly the bytes the server writes, host garbage and all, and notes what is not JSON-RPC', async () => {
    const dir = captureDir();
    const direct = await runRaw(process.execPath, [demo()], SCRIPT, process.env, '"id":3');
    const through = await runRaw(
      process.execPath,
      proxied(dir, [process.execPath, demo()]).args,
      SCRIPT,
      process.env,
      '"id":3',
    );
    expect(through.code).toBe(direct.code);
    expect(through.stdout.equals(direct.stdout)).toBe(true);
    expect(through.stdout.toString()).toContain('héllo ✓');
    const { records } = await captureEnded(dir);
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'transportError', raw: 'a line from the host that is not JSON' }),
    );
  });

  it('passes a server’s garbage and a line without its end through unchanged, and its exit code', async () => {
    const dir = captureDir();
    // Bytes that are not UTF-8, a CR LF line, and a last line without a newline, then exit 3.
    const script =
      'process.stdin.resume(); process.stdout.write(Buffer.from([0xff, 0xfe, 0x0a])); process.stdout.write(\'{"jsonrpc":"2.0","method":"x"}\\r\\n\'); process.stdout.write(\'no newline\', () => process.exit(3));';
    const direct = await runRaw(process.execPath, ['-e', script], '');
    const through = await runRaw(process.execPath, proxied(dir, [process.execPath, '-e', script]).args, '');
    expect(direct.code).toBe(3);
    expect(through.code).toBe(3);
    expect(through.stdout.equals(direct.stdout)).toBe(true);
    const { records } = await captureEnded(dir);
    expect(records.filter((record) => record.type === 'transportError')).toHaveLength(2);
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'frame', dir: 'fromServer', message: { jsonrpc: '2.0', method: 'x' } }),
    );
    expect(records).toContainEqual(expect.objectContaining({ type: 'state', state: 'exited', code: 3 }));
  });

  it('relays a flood both ways byte for byte (an echoing server), capturing it within its bounds', async () => {
    const dir = captureDir();
    const parts: string[] = [];
    for (let i = 0; i < 4_000; i += 1) {
      parts.push(
        i % 7 === 0
          ? `garbage ${i} ${'x'.repeat(300)}\n`
          : line({
              jsonrpc: '2.0',
              method: 'notifications/message',
              params: { level: 'info', data: `${i} ${'y'.repeat(800)}` },
            }),
      );
    }
    const input = Buffer.from(parts.join(''));
    const echo = 'process.stdin.pipe(process.stdout)';
    const through = await runRaw(process.execPath, proxied(dir, [process.execPath, '-e', echo]).args, input);
    expect(through.code).toBe(0);
    expect(through.stdout.equals(input)).toBe(true);
    const { records } = await captureEnded(dir);
    const frames = records.filter((record) => record.type === 'frame').length;
    const gaps = records
      .filter((record) => record.type === 'gap')
      .reduce((sum, record) => sum + Number(record.count), 0);
    const notJson = records.filter((record) => record.type === 'transportError').length;
    // Each line twice (to the server and back), in the file or counted as missing.
    expect(frames + notJson + gaps).toBe(8_000);
  });

  it('passes on the exit code of a server that dies in the middle of a call', async () => {
    const dir = captureDir();
    const input =
      INITIALIZE +
      line({ jsonrpc: '2.0', method: 'notifications/initialized' }) +
      line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'crash', arguments: {} } });
    const child = spawn(
      process.execPath,
      proxied(dir, [process.execPath, fixturePath('crashOnCall.mjs')]).args,
      { stdio: 'pipe' },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
    // The host keeps its stdin open: the exit is the server's doing.
    child.stdin.write(input);
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(7);
    expect(stderr).toContain('about to crash');
  });

  it('masks the values of secret variables and of -e in the capture, not in what it relays', async () => {
    const dir = captureDir();
    const script =
      "process.stderr.write('key is ' + process.env.MY_API_KEY + ' and ' + process.env.EXTRA + '\\n'); process.stdout.write(JSON.stringify({jsonrpc:'2.0',method:'notifications/message',params:{data:process.env.MY_API_KEY}}) + '\\n');";
    const env = { ...process.env, MY_API_KEY: 'sk-very-secret-value' };
    const through = await runRaw(
      process.execPath,
      proxied(dir, [process.execPath, '-e', script], ['-e', 'EXTRA=another-secret']).args,
      '',
      env,
    );
    expect(through.stdout.toString()).toContain('sk-very-secret-value');
    expect(through.stderr).toContain('another-secret');
    const { path } = await captureEnded(dir);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('sk-very-secret-value');
    expect(text).not.toContain('another-secret');
    expect(text).toContain('key is ••••••');
  });

  it('keeps its own words off stdout: a command that does not exist is said on stderr', async () => {
    const run = await runRaw(
      process.execPath,
      [cli(), 'proxy', '--no-capture', '--', 'no-such-command-here'],
      '',
    );
    expect(run.stdout.length).toBe(0);
    expect(run.stderr).toContain('command not found: no-such-command-here');
    expect(run.code).toBe(127);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal}, ends the server's whole process group, however stubborn`, async () => {
      const marker = newMarker();
      const child = spawn(
        process.execPath,
        proxied(captureDir(), [process.execPath, fixturePath('stubbornServer.mjs'), marker]).args,
        {
          stdio: 'pipe',
        },
      );
      // The proxy (the server's command line is in its own), the server and its helper: with
      // fewer, the signal could come before the server has its handlers or its helper.
      await eventually(() => livePidsWith(marker).length >= 3, 10_000);
      child.kill(signal);
      await new Promise((resolve) => child.once('exit', resolve));
      const gone = await eventually(() => livePidsWith(marker).length === 0, 10_000);
      for (const pid of livePidsWith(marker)) process.kill(pid, 'SIGKILL');
      expect(gone).toBe(true);
    });
  }

  it('when the host dies (its stdin closes), ends a server that would not stop by itself', async () => {
    const marker = newMarker();
    const child = spawn(
      process.execPath,
      proxied(captureDir(), [process.execPath, fixturePath('stubbornServer.mjs'), marker]).args,
      {
        stdio: 'pipe',
      },
    );
    await eventually(() => livePidsWith(marker).length >= 2, 10_000);
    child.stdin.end();
    const gone = await eventually(() => livePidsWith(marker).length === 0, 15_000);
    // Whatever the outcome, nothing of this test outlives it.
    child.kill('SIGKILL');
    for (const pid of livePidsWith(marker)) process.kill(pid, 'SIGKILL');
    expect(gone).toBe(true);
  });

  it('saves a capture that `mock` serves and `diff` reads as it takes its own recordings', async () => {
    const dir = captureDir();
    const host = new V1Client({ name: 'recorded-host', version: '1' });
    await host.connect(
      new V1StdioTransport({ ...proxied(dir, [process.execPath, demo()]), stderr: 'ignore' }),
    );
    const tools = await host.listTools();
    const answer = await host.callTool({ name: 'echo', arguments: { message: 'hello' } });
    await host.close();
    const { path: captured } = await captureEnded(dir);
    const listed0 = await runVerb(['captures', 'list', '--json', '--capture-dir', dir]);
    const [session] = (
      JSON.parse(listed0.stdout) as { sessions: { id: string; client?: { name: string }; era?: string }[] }
    ).sessions;
    expect(session).toMatchObject({ client: { name: 'recorded-host' }, era: 'legacy' });
    const path = join(scratch, `exported-${dirs}.jsonl`);
    const exported = await runVerb([
      'captures',
      'export',
      session?.id ?? '',
      '-o',
      path,
      '--capture-dir',
      dir,
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(readFileSync(captured, 'utf8'));
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const mocked = await runVerb([
      'call',
      'echo',
      '--arg',
      'message=hello',
      '--era',
      'legacy',
      '--json',
      '--',
      process.execPath,
      cli(),
      'mock',
      path,
      '--speed',
      '0',
    ]);
    expect(mocked.code, mocked.stderr).toBe(0);
    expect((JSON.parse(mocked.stdout) as { content: unknown }).content).toEqual(answer.content);
    const listed = await runVerb([
      'tools',
      '--era',
      'legacy',
      '--json',
      '--',
      process.execPath,
      cli(),
      'mock',
      path,
      '--speed',
      '0',
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(listed.stdout))).toContain(tools.tools[0]?.name ?? '');
    const diff = await runVerb(['diff', path, path]);
    expect(diff.code, diff.stderr + diff.stdout).toBe(0);
  });
});
