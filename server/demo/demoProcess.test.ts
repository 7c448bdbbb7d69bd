// The demo's entry point as a real child process: stdio in both eras, --http printing its URL, and
// exiting when its client goes away.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { built } from '../testSupport/built.js';

// This run's JavaScript of the demo (see testSupport/globalSetup.ts), as the bridge's tests run it.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const command = { command: process.execPath, args: [built('server/demo/demoServer.ts')], cwd: ROOT };

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** Starts the demo with --http and resolves with the URL it prints on stderr. */
function startHttp(): Promise<string> {
  const child = spawn(command.command, [...command.args, '--http', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    // Listening, not iterating: leaving a for-await loop would close the pipe the demo writes to.
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += String(chunk);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', () => reject(new Error(`the demo exited before listening: ${stderr}`)));
  });
}

describe('the demo server process', () => {
  it('speaks the modern era over stdio to a v2 client in auto mode, and the legacy era to a v1 client', async () => {
    // Two demo processes, one per client, started side by side.
    const modern = new Client({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    const legacy = new V1Client({ name: 'v1', version: '1' });
    await Promise.all([
      modern.connect(new StdioClientTransport(command)),
      legacy.connect(new V1StdioTransport(command)),
    ]);
    expect(modern.getProtocolEra()).toBe('modern');
    expect((await modern.callTool({ name: 'echo', arguments: { message: 'modern' } })).content).toEqual([
      { type: 'text', text: 'modern' },
    ]);
    expect(legacy.getServerVersion()?.name).toBe('mcp-inspect-demo');
    expect((await legacy.callTool({ name: 'echo', arguments: { message: 'legacy' } })).content).toEqual([
      { type: 'text', text: 'legacy' },
    ]);
    await Promise.all([modern.close(), legacy.close()]);
  });

  it('exits when its client closes stdin, even with a task still running', async () => {
    const child = spawn(command.command, command.args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    children.push(child);
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // A long task keeps a timer going; the process must not wait for it.
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'long_task', arguments: { steps: 100, stepMs: 5_000 }, task: { ttl: 60_000 } },
    });
    const answer = await new Promise<string>((resolve) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += String(chunk);
        if (stdout.includes('"id":2')) resolve(stdout);
      });
    });
    expect(answer).toContain('"task":{');

    child.stdin.end();
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('serves both eras over HTTP with --http, printing its URL on stderr', async () => {
    const url = await startHttp();

    const modern = new Client({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await modern.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(modern.getProtocolEra()).toBe('modern');
    await modern.close();

    const legacy = new V1Client({ name: 'v1', version: '1' });
    const transport = new V1HttpTransport(new URL(url));
    await legacy.connect(transport);
    expect(transport.sessionId).toBeDefined();
    expect((await legacy.listTools()).tools).toHaveLength(21);
    await transport.terminateSession();
    await legacy.close();
  });
});
