// A collection file is trusted input (issue 32, hole 3): the built CLI, as CI runs it, given a file
// that names a command or a URL and asks for environment values (`${env:…}` in the target's
// environment, its headers, an item's arguments). It runs only with --trust-file or --allow-env
// NAME; otherwise exit 1 with one line naming the variables, the server and how to opt in, and
// nothing is started or sent. The server a file names is said on stderr before it starts (a
// collection's target, a --config entry), and mcp-inspect's own MCP_INSPECT_* variables are
// never given, trusted or not.
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectionText, type Collection } from '../../../shared/collections/format.js';
import { EVERYTHING_SERVER } from '../../testSupport/targets.js';
import { errorLine, runVerb } from '../../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;
const SECRET = 'aws-secret-never-to-leave';
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-untrusted-file-'));
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
  rmSync(scratch, { recursive: true, force: true });
});

function save(name: string, collection: Collection): string {
  const path = join(scratch, name);
  writeFileSync(path, collectionText(collection));
  return path;
}

/** An HTTP server that records every request's headers and body, and answers nothing useful. */
async function recordingServer(): Promise<{ url: string; seen: { headers: IncomingHttpHeaders }[] }> {
  const seen: { headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ headers: req.headers });
    req.resume();
    res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, seen };
}

const sumItem = (argument: string) => ({
  name: 'sum',
  kind: 'tool' as const,
  tool: 'get-sum',
  arguments: { a: 2, b: 3, note: argument },
  expect: [{ type: 'textContains' as const, text: 'is 5' }],
});

describe(
  'a collection file that names a server and asks for environment values',
  { timeout: CLI_TEST_TIMEOUT_MS },
  () => {
    it('a command: not run without an opt-in; exit 1 with one line naming the variables, the command and how', async () => {
      const marker = join(scratch, 'command-ran');
      const leak = `require("fs").writeFileSync(${JSON.stringify(marker)}, String(process.env.LEAK))`;
      const path = save('command.json', {
        formatVersion: 1,
        target: {
          command: process.execPath,
          args: ['-e', leak],
          env: { LEAK: '${env:AWS_SECRET_ACCESS_KEY}' },
        },
        items: [sumItem('${env:GITHUB_TOKEN}')],
      });
      const run = await runVerb(['test', path, '--json'], {
        env: { AWS_SECRET_ACCESS_KEY: SECRET, GITHUB_TOKEN: SECRET },
      });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(errorLine(run)).toEqual({
        exitCode: 1,
        kind: 'usage',
        message: `${path} names a server (${process.execPath} -e ${leak} (in ${scratch})) and asks for the environment variables AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN: a collection file runs with your environment only if you trust it, so add --trust-file, or --allow-env NAME for each variable to give`,
      });
      expect(existsSync(marker)).toBe(false);
      // One variable allowed is not enough: the other is named.
      const partly = await runVerb(['test', path, '--allow-env', 'GITHUB_TOKEN'], {
        env: { AWS_SECRET_ACCESS_KEY: SECRET, GITHUB_TOKEN: SECRET },
      });
      expect(partly.code).toBe(1);
      expect(partly.stderr).toContain(
        'asks for the environment variable AWS_SECRET_ACCESS_KEY: a collection file',
      );
      expect(existsSync(marker)).toBe(false);
    });

    it('a URL: nothing is sent to it, not its headers, not an argument', async () => {
      const remote = await recordingServer();
      const path = save('url.json', {
        formatVersion: 1,
        target: { url: remote.url, headers: { 'X-Key': '${env:AWS_SECRET_ACCESS_KEY}' } },
        items: [sumItem('${env:AWS_SECRET_ACCESS_KEY}')],
      });
      const run = await runVerb(['test', path], { env: { AWS_SECRET_ACCESS_KEY: SECRET } });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `${path} names a server (${remote.url}) and asks for the environment variable AWS_SECRET_ACCESS_KEY: a collection file runs with your environment only if you trust it`,
      );
      expect(run.stderr).not.toContain(SECRET);
      expect(remote.seen).toEqual([]);
      // parity --collection reads the file the same way.
      const parity = await runVerb(['parity', '--collection', path], {
        env: { AWS_SECRET_ACCESS_KEY: SECRET },
      });
      expect(parity.code).toBe(1);
      expect(parity.stderr).toContain('add --trust-file, or --allow-env NAME');
      expect(remote.seen).toEqual([]);
    });

    it('with --allow-env (or --trust-file) it runs, the server said on stderr before it starts', async () => {
      const path = save('allowed.json', {
        formatVersion: 1,
        target: {
          command: process.execPath,
          args: [EVERYTHING_SERVER, 'stdio'],
          env: { GREETING: '${env:SECRET_GREETING}' },
        },
        items: [
          sumItem('plain'),
          {
            name: 'env',
            kind: 'tool',
            tool: 'get-env',
            expect: [{ type: 'textContains', text: 'hello from CI' }],
          },
        ],
      });
      const said = `the server ${path} names: ${process.execPath} ${EVERYTHING_SERVER} stdio (in ${scratch})`;
      for (const optIn of [['--allow-env', 'SECRET_GREETING'], ['--trust-file']]) {
        const run = await runVerb(['test', path, ...optIn], { env: { SECRET_GREETING: 'hello from CI' } });
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr.split('\n')[0]).toBe(said);
        expect(run.stdout).toMatch(/^2 passed, 0 failed/m);
      }
    });

    it('a file that names a server but asks for no variable runs, the server said first', async () => {
      const path = save('plain.json', {
        formatVersion: 1,
        target: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
        items: [sumItem('plain')],
      });
      const run = await runVerb(['test', path]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.split('\n')[0]).toBe(
        `the server ${path} names: ${process.execPath} ${EVERYTHING_SERVER} stdio (in ${scratch})`,
      );
    });

    it("never gives mcp-inspect's own MCP_INSPECT_* variables, even to a trusted file", async () => {
      const inTarget = save('own-target.json', {
        formatVersion: 1,
        target: {
          command: process.execPath,
          args: [EVERYTHING_SERVER, 'stdio'],
          env: { T: '${env:MCP_INSPECT_TOKEN}' },
        },
        items: [sumItem('plain')],
      });
      const token = 'x'.repeat(40);
      const run = await runVerb(['test', inTarget, '--trust-file'], { env: { MCP_INSPECT_TOKEN: token } });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `${inTarget}: target: \${env:MCP_INSPECT_TOKEN}: mcp-inspect never gives out its own MCP_INSPECT_* variables`,
      );
      // In an item, against the bundled demo (the file names no server): that item fails, saying why.
      const inItem = save('own-item.json', {
        formatVersion: 1,
        items: [
          {
            name: 'echo',
            kind: 'tool',
            tool: 'echo',
            arguments: { message: '${env:MCP_INSPECT_TOKEN}' },
            expect: [],
          },
        ],
      });
      const item = await runVerb(['test', inItem, '--json'], { env: { MCP_INSPECT_TOKEN: token } });
      expect(item.code).toBe(8);
      expect(item.stdout).not.toContain(token);
      const report = JSON.parse(item.stdout) as { items: { status: string; reason?: string }[] };
      expect(report.items[0]).toMatchObject({
        status: 'error',
        reason: expect.stringContaining('mcp-inspect never gives out its own MCP_INSPECT_* variables'),
      });
    });

    it('--config: the server the config file names is said on stderr before it starts', async () => {
      const config = join(scratch, 'mcp.json');
      writeFileSync(
        config,
        JSON.stringify({
          mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } },
        }),
      );
      const run = await runVerb(['tools', '--config', config, '--server', 'everything']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.split('\n')[0]).toBe(
        `the server ${config} names ("everything"): ${process.execPath} ${EVERYTHING_SERVER} stdio`,
      );
    });
  },
);
