// --inject on the stdio proxy, with a real SDK host: an error in place of the server's answer,
// a delay, a dropped notification and a truncated answer, each marked in the capture.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { built } from '../testSupport/built.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-inject-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;

function proxyArgs(dir: string, rules: string[]): string[] {
  return [
    built('server/cli/cli.ts'),
    'proxy',
    '--capture-dir',
    dir,
    ...rules.flatMap((text) => ['--inject', text]),
    '--',
    process.execPath,
    built('server/demo/demoServer.ts'),
  ];
}
function fresh(): string {
  dirs += 1;
  return join(scratch, `c${dirs}`);
}
function capture(dir: string): Record<string, unknown>[] {
  const [name] = readdirSync(dir);
  return readFileSync(join(dir, name ?? ''), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
const notes = (records: Record<string, unknown>[]) =>
  records.filter((record) => record.type === 'note').map((record) => String(record.text));

describe('mcp-inspect proxy --inject', { timeout: 60_000 }, () => {
  it('answers a chosen tool with an error, delays another request, drops a notification, and says so in the capture', async () => {
    const dir = fresh();
    const host = new V1Client({ name: 'chaos-host', version: '1' });
    await host.connect(
      new V1StdioTransport({
        command: process.execPath,
        args: proxyArgs(dir, [
          'tools/call name=echo → error -32603 "injected failure"',
          'tools/list -> delay=200ms',
          'notifications/initialized -> drop',
        ]),
        stderr: 'ignore',
      }),
    );
    await expect(host.callTool({ name: 'echo', arguments: { message: 'x' } })).rejects.toThrow(
      /injected failure/,
    );
    const { tools } = await host.listTools();
    expect(tools.length).toBeGreaterThan(0);
    await host.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const records = capture(dir);
    expect(records[0]).toMatchObject({
      capture: { inject: expect.arrayContaining(['tools/list -> delay=200ms']) },
    });
    const said = notes(records);
    expect(said.some((text) => text.includes('answered by the proxy with error -32603'))).toBe(true);
    expect(said.some((text) => text.includes('tools/list') && text.includes('held 200 ms'))).toBe(true);
    expect(said.some((text) => text.includes('notifications/initialized from the host dropped'))).toBe(true);
    expect(records).toContainEqual(
      expect.objectContaining({
        type: 'frame',
        dir: 'fromServer',
        synthetic: true,
        message: expect.objectContaining({ error: { code: -32603, message: 'injected failure' } }),
      }),
    );
  });

  it('cuts the answer to a chosen request to the bytes asked, passing everything else unchanged', async () => {
    const dir = fresh();
    const send = (message: object) => `${JSON.stringify(message)}\n`;
    const input =
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }) +
      send({ jsonrpc: '2.0', method: 'notifications/initialized' }) +
      send({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: 'a fairly long message to cut' } },
      });
    const child = spawn(process.execPath, proxyArgs(dir, ['tools/call name=echo -> truncate 25']), {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.stdin.write(input);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (out.split('\n').length >= 3) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
    });
    child.stdin.end();
    await new Promise((resolve) => child.once('close', resolve));
    const [first, second] = out.split('\n');
    expect(JSON.parse(first ?? '')).toMatchObject({ id: 1 });
    expect(second).toHaveLength(25);
    expect(second?.startsWith('{')).toBe(true);
    expect(notes(capture(dir)).some((text) => text.includes('cut to its first 25 of'))).toBe(true);
  });
});
