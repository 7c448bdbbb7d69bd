import { fileURLToPath } from 'node:url';
import process from 'node:process';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { LOG_LEVEL_META_KEY, type Root } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { TargetSpec } from '../../server/targets/targetSpec';
import { promptsQueryOptions } from '../session/promptsQuery';
import { mcpQueryKeys } from './mcpQueryKeys';
import type { FrameRecord } from '../../shared/core/traffic/trafficRecord';
import {
  eventually,
  legacyStreamOpen,
  openPage,
  ready,
  requireBearer,
  serveLegacy,
  serveModern,
  startTestBridge,
  urlTarget,
  type HttpMcpServer,
  type TestBridge,
  type TestPage,
} from './testSupport/bridgeHarness';

// The page's session (inspectorSession.ts and the files it delegates to) against the real
// bridge, in-process, inspecting real SDK servers over Streamable HTTP: v2 for the modern era,
// v1 for the legacy era.

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function modernServer(prompts: string[] = ['first']): McpServer {
  const server = new McpServer({ name: 'modern', version: '2.0.0' });
  for (const name of prompts) server.registerPrompt(name, { description: name }, () => ({ messages: [] }));
  return server;
}

function legacyServer(): McpServerV1 {
  const server = new McpServerV1({ name: 'legacy', version: '1.0.0' });
  server.registerPrompt('first', { description: 'first' }, () => ({ messages: [] }));
  return server;
}

async function served<T extends HttpMcpServer>(server: Promise<T>): Promise<T> {
  const started = await server;
  cleanups.push(() => started.close());
  return started;
}

async function bridgeTo(target: TargetSpec): Promise<TestBridge> {
  const bridge = await startTestBridge(target);
  cleanups.push(() => bridge.running.close());
  return bridge;
}

function page(bridge: TestBridge, options?: Parameters<typeof openPage>[1]): TestPage {
  const opened = openPage(bridge, options);
  cleanups.push(() => opened.session.dispose());
  void opened.session.start();
  return opened;
}

function frames(p: TestPage): FrameRecord[] {
  return p.traffic.all().filter((record): record is FrameRecord => record.type === 'frame');
}

async function same<T>(read: () => T, expected: T): Promise<void> {
  const want = JSON.stringify(expected);
  await eventually(() => JSON.stringify(read()) === want, `${want}, have ${JSON.stringify(read())}`);
}

describe('initialize and era negotiation through the bridge', () => {
  it('auto speaks the modern era to an SDK v2 server, and opens its listen stream', async () => {
    const server = await served(serveModern(() => modernServer()));
    const p = page(await bridgeTo(urlTarget(server.url)));
    const snapshot = await ready(p);
    expect(snapshot).toMatchObject({ auth: 'ok', socket: { kind: 'open' }, bridgeVersion: 'test' });
    expect(snapshot.mcp).toMatchObject({ generation: 1, era: 'modern', protocolVersion: '2026-07-28' });
    expect(snapshot.mcp?.discover?.supportedVersions).toContain('2026-07-28');
    await same(() => p.session.listen.getSnapshot().status, 'open');
  });

  it('auto falls back to initialize with an SDK v1 server, and says why in the traffic', async () => {
    const server = await served(serveLegacy(legacyServer));
    const p = page(await bridgeTo(urlTarget(server.url)));
    const { mcp } = await ready(p);
    expect(mcp).toMatchObject({ era: 'legacy', eraChoice: 'auto', serverInfo: { name: 'legacy' } });
    await eventually(
      () => p.traffic.all().find((r) => r.type === 'note' && r.text.startsWith('Fell back to initialize')),
      'the fallback note',
    );
  });

  it('a stdio server that dies on the discover probe is restarted and spoken to in the legacy era', async () => {
    const strict: TargetSpec = {
      kind: 'stdio',
      command: process.execPath,
      args: [fileURLToPath(new URL('./testSupport/strictLegacyServer.mjs', import.meta.url))],
      env: {},
      demo: false,
      era: 'auto',
    };
    const p = page(await bridgeTo(strict));
    const { mcp } = await ready(p, 2);
    expect(mcp).toMatchObject({ era: 'legacy', eraChoice: 'legacy', serverInfo: { name: 'strict-legacy' } });
    const states = p.traffic.all().flatMap((r) => (r.type === 'state' ? [`${r.generation} ${r.state}`] : []));
    expect(states).toContain('1 exited');
    await eventually(
      () =>
        p.traffic
          .all()
          .find(
            (r) =>
              r.type === 'note' &&
              r.text.startsWith('The server ended the connection on the server/discover probe'),
          ),
      'the note saying why',
    );
  });

  it('modern refuses an SDK v1 server in plain words, and the run is marked failed', async () => {
    const server = await served(serveLegacy(legacyServer));
    const p = page(await bridgeTo(urlTarget(server.url, 'modern')));
    const { mcp } = await p.until((s) => s.mcp?.status === 'failed', 'a failed connection');
    expect(mcp?.error).toBe(
      'This server speaks only the legacy era (initialize): it does not offer protocol version 2026-07-28 through server/discover, so connect with the legacy or auto era (--era legacy, or auto, the default).',
    );
  });

  it('a restart is a fresh initialize: a new client for the new run', async () => {
    const server = await served(serveModern(() => modernServer()));
    const p = page(await bridgeTo(urlTarget(server.url)));
    const first = (await ready(p, 1)).mcp!;
    p.session.restartTarget();
    const second = (await ready(p, 2)).mcp!;
    expect(second.client).not.toBe(first.client);
    await expect(second.client.listPrompts()).resolves.toMatchObject({ prompts: [{ name: 'first' }] });
  });
});

describe('the first screen', () => {
  it('the first run asks for the tools as soon as it is ready, before any view does; a restart does not', async () => {
    const server = await served(
      serveModern(() => {
        const withTool = modernServer();
        withTool.registerTool('echo', { description: 'echo' }, () => ({ content: [] }));
        return withTool;
      }),
    );
    const p = page(await bridgeTo(urlTarget(server.url)));
    await ready(p, 1);
    // No observer asked: the session did.
    await eventually(
      () =>
        p.queryClient.getQueryData<{ items: { name: string }[] }>(mcpQueryKeys.tools(1))?.items[0]?.name ===
        'echo',
      'the tools of the first run',
    );
    p.session.restartTarget();
    await ready(p, 2);
    await same(() => p.session.listen.getSnapshot().status, 'open');
    expect(p.queryClient.getQueryState(mcpQueryKeys.tools(2))).toBeUndefined();
    const toolLists = frames(p).filter(
      (f) => f.dir === 'toServer' && 'method' in f.message && f.message.method === 'tools/list',
    );
    expect(toolLists).toHaveLength(1);
  });
});

describe('prompts/list_changed', () => {
  async function promptNames(p: TestPage): Promise<() => string[] | undefined> {
    const { mcp } = await ready(p);
    const observer = new QueryObserver(p.queryClient, promptsQueryOptions(mcp!.client, mcp!.generation));
    cleanups.push(observer.subscribe(() => undefined));
    const names = () => observer.getCurrentResult().data?.map((prompt) => prompt.name);
    await same(names, ['first']);
    return names;
  }

  it('refetches the prompt list in the modern era (announced on the listen stream)', async () => {
    const prompts = ['first'];
    const server = await served(serveModern(() => modernServer(prompts)));
    const p = page(await bridgeTo(urlTarget(server.url)));
    const names = await promptNames(p);
    await same(() => p.session.listen.getSnapshot().honored?.promptsListChanged, true);
    prompts.push('second');
    server.notify.promptsChanged();
    await same(names, ['first', 'second']);
  });

  it('refetches the prompt list in the legacy era (a notification on the session)', async () => {
    const server = await served(serveLegacy(legacyServer));
    const p = page(await bridgeTo(urlTarget(server.url)));
    const names = await promptNames(p);
    await legacyStreamOpen(p);
    // Registering on a connected v1 server sends notifications/prompts/list_changed.
    server.sessions.at(-1)!.registerPrompt('second', { description: 'second' }, () => ({ messages: [] }));
    await same(names, ['first', 'second']);
  });
});

describe('a reload, another tab, a lost socket', () => {
  // MCP allows one initialize per connection: a legacy run that was initialized is restarted
  // by the bridge for the page that attaches; a modern run has no initialize, and is kept.
  const eras: { era: string; serve: () => Promise<HttpMcpServer>; nextRun: number }[] = [
    { era: 'modern', serve: () => serveModern(() => modernServer()), nextRun: 1 },
    { era: 'legacy', serve: () => serveLegacy(legacyServer), nextRun: 2 },
  ];

  for (const { era, serve, nextRun } of eras) {
    it(`a second page takes over (${era}): the first is told and stops, the second gets the history and a client of its own`, async () => {
      const server = await served(serve());
      const bridge = await bridgeTo(urlTarget(server.url));
      const first = page(bridge);
      const before = (await ready(first, 1)).mcp!;
      const second = page(bridge);
      const taken = await first.until((s) => s.socket.kind === 'closed-by-bridge', 'the first page closed');
      expect(taken.socket).toEqual({
        kind: 'closed-by-bridge',
        reason: 'Another page took over this session',
      });
      expect(taken.mcp?.status).toBe('closed');
      const after = (await ready(second, nextRun)).mcp!;
      expect(after.client).not.toBe(before.client);
      await expect(after.client.listPrompts()).resolves.toMatchObject({ prompts: [{ name: 'first' }] });
      // The new page's traffic starts with what the first page did (the bridge's history).
      const sentBefore = frames(second).filter((f) => f.generation === 1 && f.dir === 'toServer');
      expect(sentBefore.map((f) => (f.message as { method?: string }).method)).toContain('server/discover');
      // No retry from the page that was taken over.
      expect(first.sockets).toHaveLength(1);
    });

    it(`reconnects after the socket drops (${era}), with a new client`, async () => {
      const server = await served(serve());
      const p = page(await bridgeTo(urlTarget(server.url)));
      const before = (await ready(p, 1)).mcp!;
      p.sockets[0]!.terminate();
      const lost = await p.until((s) => s.socket.kind === 'retrying', 'a retry');
      expect(lost.socket).toMatchObject({ kind: 'retrying', attempt: 1, inMs: 10 });
      expect(lost.mcp).toMatchObject({
        status: 'closed',
        error: 'The page lost its connection to mcp-inspect',
      });
      const after = (await ready(p, nextRun)).mcp!;
      expect(after.client).not.toBe(before.client);
      expect(p.now().socket).toEqual({ kind: 'open' });
      expect(p.sockets).toHaveLength(2);
      await expect(after.client.listPrompts()).resolves.toMatchObject({ prompts: [{ name: 'first' }] });
      await eventually(
        () => p.traffic.all().find((r) => r.type === 'page' && r.event === 'reconnected'),
        'the reconnection in the traffic',
      );
    });
  }

  it('a wrong token is told apart from a bridge that is gone, and forgotten', async () => {
    const server = await served(serveModern(() => modernServer()));
    const p = page(await bridgeTo(urlTarget(server.url)), { token: 'not-the-token' });
    await p.until((s) => s.auth === 'bad-token', 'the token refused');
    expect(p.forgotToken()).toBe(true);
    expect(p.now().mcp).toBeUndefined();
  });
});

describe('connecting to another server', () => {
  it('sends the bearer token the person gave as Authorization, and inspects the server it opens', async () => {
    const first = await served(serveModern(() => modernServer()));
    const guarded = await served(serveLegacy(legacyServer, requireBearer('s3cret')));
    const p = page(await bridgeTo(urlTarget(first.url)));
    await ready(p, 1);
    expect(
      p.session.connectTo({
        kind: 'url',
        url: guarded.url,
        transport: 'streamable-http',
        headers: { Authorization: 'Bearer s3cret' },
      }),
    ).toBe(true);
    const { mcp, target } = await ready(p, 2);
    expect(mcp?.serverInfo?.name).toBe('legacy');
    // The page sees the header's name, never its value.
    expect(target).toMatchObject({ kind: 'url', headerNames: ['Authorization'] });
    expect(new Set(guarded.authorizations)).toEqual(new Set(['Bearer s3cret']));
  });

  it('without the bearer token, says the server refused', async () => {
    const first = await served(serveModern(() => modernServer()));
    const guarded = await served(serveLegacy(legacyServer, requireBearer('s3cret')));
    const p = page(await bridgeTo(urlTarget(first.url)));
    await ready(p, 1);
    p.session.connectTo({ kind: 'url', url: guarded.url, transport: 'streamable-http', headers: {} });
    const { targetState } = await p.until((s) => s.targetState?.state === 'failed', 'the target failed');
    expect(targetState?.reason).toMatch(/401/);
  });
});

describe("the server's asks, through the bridge (legacy era)", () => {
  async function legacyPage() {
    const server = await served(serveLegacy(legacyServer));
    const p = page(await bridgeTo(urlTarget(server.url, 'legacy')));
    await ready(p);
    await legacyStreamOpen(p);
    return { p, server: server.sessions.at(-1)!.server };
  }

  it('a sampling request waits in the queue for the person, and the answer reaches the server', async () => {
    const { p, server } = await legacyPage();
    const asked = server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
      maxTokens: 5,
    });
    const [ask] = await eventually(() => nonEmpty(p.session.requests.getSnapshot()), 'the ask queued');
    expect(ask).toMatchObject({ kind: 'sampling', params: { maxTokens: 5 } });
    p.session.requests.answer(ask!.id, {
      role: 'assistant',
      model: 'person',
      content: { type: 'text', text: 'hi' },
    });
    await expect(asked).resolves.toMatchObject({ model: 'person', content: { text: 'hi' } });
    expect(p.session.requests.getSnapshot()).toEqual([]);
  });

  it('an elicitation the SDK would refuse as malformed is queued anyway, and declined as is', async () => {
    const { p, server } = await legacyPage();
    const asked = server.request(
      {
        method: 'elicitation/create',
        params: {
          message: 'Pick',
          requestedSchema: { type: 'object', properties: { deep: { type: 'object' } } },
        },
      },
      ElicitResultSchema,
    );
    const [ask] = await eventually(() => nonEmpty(p.session.requests.getSnapshot()), 'the ask queued');
    expect(ask).toMatchObject({ kind: 'malformed-elicitation', params: { message: 'Pick' } });
    expect(ask?.kind === 'malformed-elicitation' && ask.problem).toMatch(/^params/);
    p.session.requests.answer(ask!.id, { action: 'decline' });
    await expect(asked).resolves.toEqual({ action: 'decline' });
  });

  it('what waits is dropped when the socket is lost: nothing can be answered any more', async () => {
    const { p, server } = await legacyPage();
    void server
      .elicitInput({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } })
      .catch(() => undefined);
    await eventually(() => nonEmpty(p.session.requests.getSnapshot()), 'the ask queued');
    p.sockets[0]!.terminate();
    await same(() => p.session.requests.getSnapshot().length, 0);
  });

  it('changing the roots tells the server, which lists the new ones', async () => {
    const { p, server } = await legacyPage();
    const listed: Root[][] = [];
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      listed.push((await server.listRoots()).roots);
    });
    p.session.roots.set([{ uri: 'file:///work/project', name: 'project' }]);
    await same(() => listed, [[{ uri: 'file:///work/project', name: 'project' }]]);
  });
});

describe('what the traffic pane does through the session', () => {
  it("a replayed request's answer goes to the traffic only; the client goes on", async () => {
    const server = await served(serveModern(() => modernServer()));
    const p = page(await bridgeTo(urlTarget(server.url)));
    const { mcp } = await ready(p);
    const id = p.session.replay({ jsonrpc: '2.0', id: 7, method: 'prompts/list', params: {} });
    expect(id).toBe('replay-1');
    await eventually(
      () => frames(p).find((f) => f.dir === 'fromServer' && (f.message as { id?: unknown }).id === id),
      'the replayed answer in the traffic',
    );
    await expect(mcp!.client.listPrompts()).resolves.toMatchObject({ prompts: [{ name: 'first' }] });
  });

  it('the modern log level rides in the _meta of the requests that follow', async () => {
    const server = await served(serveModern(() => modernServer()));
    const p = page(await bridgeTo(urlTarget(server.url)));
    const { mcp } = await ready(p);
    p.session.setRequestLogLevel('debug');
    expect(p.now().requestLogLevel).toBe('debug');
    await mcp!.client.listPrompts();
    const sent = await eventually(
      () =>
        frames(p).findLast(
          (f) => f.dir === 'toServer' && (f.message as { method?: string }).method === 'prompts/list',
        ),
      'the prompts/list request in the traffic',
    );
    expect((sent.message as { params: { _meta: Record<string, unknown> } }).params._meta).toMatchObject({
      [LOG_LEVEL_META_KEY]: 'debug',
    });
  });
});

function nonEmpty<T>(items: readonly T[]): readonly T[] | undefined {
  return items.length > 0 ? items : undefined;
}
