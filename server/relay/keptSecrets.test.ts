import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { RunningBridge } from '../http/bridgeServer.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { connectedPage, startTestBridge } from '../testSupport/bridges.js';
import type { PageClient } from '../testSupport/pageClient.js';
import { scriptTarget } from '../testSupport/targets.js';

/**
 * The attacks of issue 9, as a page holding the token would make them: asking the bridge to
 * keep (`null`) a secret it holds while pointing it at another command or another host.
 */
const bridges: RunningBridge[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
  for (const server of servers.splice(0)) server.close();
});

async function inspect(target: TargetSpec): Promise<{ page: PageClient; log: string[] }> {
  const log: string[] = [];
  const bridge = await startTestBridge(target, { log: (line) => log.push(line) });
  bridges.push(bridge);
  return { page: await connectedPage(bridge), log };
}

/**
 * An HTTP server on loopback that records the headers of every request it gets, and answers
 * in JSON-RPC as a Streamable HTTP server with sessions does to a request without one.
 */
async function recordingServer(): Promise<{ url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res
      .writeHead(400, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'No session' } }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, seen };
}

describe('secrets kept by the bridge stay with their server', () => {
  it('refuses to give a kept environment value to another command, and names the commands a page starts', async () => {
    const { page, log } = await inspect(
      scriptTarget('process.stdin.resume()', { SECRET_KEY: 's3cret-value' }),
    );
    page.sendRaw(
      JSON.stringify({
        type: 'connect',
        target: {
          kind: 'stdio',
          era: 'auto',
          command: 'sh',
          args: ['-c', 'echo "leak:$SECRET_KEY" >&2'],
          env: { SECRET_KEY: null },
        },
      }),
    );
    const refusal = await page.waitFor((e) => e.type === 'rejected');
    expect(refusal.reason).toBe(
      `enter "SECRET_KEY" again: mcp-inspect keeps that value only for \`${process.execPath} -e process.stdin.resume()\``,
    );
    expect(page.received.some((e) => e.type === 'target')).toBe(false);

    // Typed again, it goes where the person says; the terminal names the command.
    page.sendRaw(
      JSON.stringify({
        type: 'connect',
        target: {
          kind: 'stdio',
          era: 'auto',
          command: 'sh',
          args: ['-c', 'echo "got:$SECRET_KEY" >&2'],
          env: { SECRET_KEY: 'typed' },
        },
      }),
    );
    const said = await page.waitFor((e) => e.type === 'stderr');
    // The server got the value typed: the page sees it masked, as every stderr line masks it.
    expect(said.line).toBe('got:****');
    expect(JSON.stringify(page.received)).not.toContain('s3cret-value');
    expect(log).toContain(`now inspecting sh -c echo "got:$SECRET_KEY" >&2 (asked for by the page)`);
  });

  it('refuses a kept environment value to the same command line with a variable added (NODE_OPTIONS)', async () => {
    const { page } = await inspect(scriptTarget('process.stdin.resume()', { SECRET_KEY: 's3cret-value' }));
    page.sendRaw(
      JSON.stringify({
        type: 'connect',
        target: {
          kind: 'stdio',
          era: 'auto',
          command: process.execPath,
          args: ['-e', 'process.stdin.resume()'],
          env: {
            SECRET_KEY: null,
            NODE_OPTIONS: '--eval=process.stderr.write("leak:"+process.env.SECRET_KEY)',
          },
        },
      }),
    );
    const refusal = await page.waitFor((e) => e.type === 'rejected');
    expect(refusal.reason).toBe(
      `enter "SECRET_KEY" again: mcp-inspect keeps that value only for \`${process.execPath} -e process.stdin.resume()\` with the environment it was given (here NODE_OPTIONS added)`,
    );
    expect(page.received.some((e) => e.type === 'target')).toBe(false);
    expect(JSON.stringify(page.received)).not.toContain('s3cret-value');
  });

  it('refuses to send kept header values to another origin, and keeps them for the same one', async () => {
    const home = await recordingServer();
    const elsewhere = await recordingServer();
    const { page } = await inspect({
      kind: 'url',
      era: 'auto',
      url: home.url,
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer s3cret' },
    });
    page.sendRaw(
      JSON.stringify({
        type: 'connect',
        target: {
          kind: 'url',
          era: 'auto',
          url: elsewhere.url,
          transport: 'streamable-http',
          headers: { Authorization: null },
        },
      }),
    );
    const refusal = await page.waitFor((e) => e.type === 'rejected');
    expect(refusal.reason).toBe(
      `enter "Authorization" again: mcp-inspect keeps that value only for ${new URL(home.url).origin}`,
    );
    expect(elsewhere.seen).toEqual([]);

    const sameOrigin = home.url.replace('/mcp', '/other');
    page.sendRaw(
      JSON.stringify({
        type: 'connect',
        target: {
          kind: 'url',
          era: 'auto',
          url: sameOrigin,
          transport: 'streamable-http',
          headers: { Authorization: null },
        },
      }),
    );
    const changed = await page.waitFor((e) => e.type === 'target');
    expect(changed.target).toMatchObject({ url: sameOrigin, headerNames: ['Authorization'] });
    await page.waitFor((e) => e.type === 'state' && e.state === 'connected');
    expect(home.seen.map((headers) => headers.authorization)).toEqual(['Bearer s3cret', 'Bearer s3cret']);
    expect(elsewhere.seen).toEqual([]);
  });
});
