import { describe, expect, it } from 'vitest';
import { InMemoryTransport, type Client, type Transport } from '@modelcontextprotocol/client';
import { McpServer, acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import * as z from 'zod';
import { pageMcpClient } from './testSupport/pageMcpClient';
import { withInputRounds, type RootsStore } from '../../shared/core';
import { pageAnswerer } from './pageAnswerer';
import type { ServerRequestQueue } from './serverRequests';
import { USER_REJECTED, type PendingServerRequest } from './serverRequests';

// The queue of the server's asks (sampling, elicitation; roots are answered from the settings)
// against real SDK servers over in-memory transports: a legacy SDK v1 server asks with requests
// of its own; a modern SDK v2 server asks in-band, in the result of the request it answers.

const SAY_HI = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Say hi' } }],
  maxTokens: 5,
};
const NAME = { type: 'object' as const, properties: { name: { type: 'string' as const } } };

function page(era: 'legacy' | 'auto') {
  return pageMcpClient(era);
}

async function legacy() {
  const [clientSide, serverSide] = InMemoryTransportV1.createLinkedPair();
  const v1 = new McpServerV1({ name: 'asker', version: '1.0.0' });
  await v1.connect(serverSide);
  const p = page('legacy');
  // SDK v1's transport speaks the same JSON-RPC; only its TypeScript types are its own.
  await p.client.connect(clientSide as unknown as Transport);
  return { ...p, server: v1.server };
}

/** The asks in the queue, once there are `count` of them. */
function queued(requests: ServerRequestQueue, count = 1): Promise<readonly PendingServerRequest[]> {
  return new Promise((resolve) => {
    const check = () => {
      if (requests.getSnapshot().length >= count) {
        unsubscribe();
        resolve(requests.getSnapshot());
      }
    };
    const unsubscribe = requests.subscribe(check);
    check();
  });
}

describe('the legacy era: asks are requests from the server', () => {
  it('a sampling request waits for the person, and the answer is its result', async () => {
    const { server, requests } = await legacy();
    const asked = server.createMessage(SAY_HI);
    const [ask] = await queued(requests);
    expect(ask).toMatchObject({ kind: 'sampling', params: SAY_HI });
    expect(ask?.origin).toBeUndefined();
    requests.answer(ask!.id, { role: 'assistant', model: 'person', content: { type: 'text', text: 'hi' } });
    await expect(asked).resolves.toMatchObject({ model: 'person', content: { text: 'hi' } });
    expect(requests.getSnapshot()).toEqual([]);
  });

  it('a person refusing answers with a JSON-RPC error', async () => {
    const { server, requests } = await legacy();
    const asked = server.createMessage(SAY_HI);
    const [ask] = await queued(requests);
    requests.refuse(ask!.id, USER_REJECTED, 'User rejected the sampling request');
    await expect(asked).rejects.toMatchObject({
      code: USER_REJECTED,
      message: expect.stringMatching(/User rejected/),
    });
  });

  it('asks wait on their own: answering a later one leaves the earlier one waiting', async () => {
    const { server, requests } = await legacy();
    const first = server.elicitInput({ message: 'First?', requestedSchema: NAME });
    const second = server.elicitInput({ message: 'Second?', requestedSchema: NAME });
    const [a, b] = await queued(requests, 2);
    expect([a?.kind, b?.kind]).toEqual(['elicitation', 'elicitation']);
    requests.answer(b!.id, { action: 'accept', content: { name: 'Bo' } });
    await expect(second).resolves.toEqual({ action: 'accept', content: { name: 'Bo' } });
    expect(requests.getSnapshot()).toEqual([a]);
    requests.answer(a!.id, { action: 'decline' });
    await expect(first).resolves.toEqual({ action: 'decline' });
  });

  it('an ask the server cancels leaves the queue (notifications/cancelled)', async () => {
    const { server, requests } = await legacy();
    const abort = new AbortController();
    const asked = server.elicitInput({ message: 'Name?', requestedSchema: NAME }, { signal: abort.signal });
    await queued(requests);
    const emptied = new Promise<void>((resolve) =>
      requests.subscribe(() => requests.getSnapshot().length === 0 && resolve()),
    );
    abort.abort('changed its mind');
    await expect(asked).rejects.toThrow();
    await emptied;
    expect(requests.getSnapshot()).toEqual([]);
  });

  it('when the connection closes, what waits is refused and the queue empties', async () => {
    const { server, requests } = await legacy();
    const asked = server.createMessage(SAY_HI);
    await queued(requests);
    requests.clear();
    expect(requests.getSnapshot()).toEqual([]);
    await expect(asked).rejects.toThrow(/connection closed/);
  });

  it('roots/list is answered from the roots in the settings, without asking', async () => {
    const { server, roots, requests } = await legacy();
    roots.set([{ uri: 'file:///work/project', name: 'project' }]);
    await expect(server.listRoots()).resolves.toEqual({
      roots: [{ uri: 'file:///work/project', name: 'project' }],
    });
    expect(requests.getSnapshot()).toEqual([]);
  });
});

describe('the modern era: asks come in-band, in an input_required result', () => {
  /** A prompt that needs a name and the client's roots before it answers. */
  function modern(): Promise<{ client: Client; requests: ServerRequestQueue; roots: RootsStore }> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(
      () => {
        const server = new McpServer({ name: 'asker', version: '2.0.0' });
        server.registerPrompt('greet', { description: 'Greets you by name' }, (ctx) => {
          const who = acceptedContent(ctx.mcpReq.inputResponses, 'who', z.object({ name: z.string() }));
          const listed = ctx.mcpReq.inputResponses?.where as { roots?: { uri: string }[] } | undefined;
          if (!who || !listed) {
            return inputRequired({
              inputRequests: {
                who: inputRequired.elicit({ message: 'Your name?', requestedSchema: NAME }),
                where: inputRequired.listRoots(),
              },
            });
          }
          const text = `Hello ${who.name} in ${listed.roots?.map((root) => root.uri).join(', ')}`;
          return { messages: [{ role: 'assistant', content: { type: 'text', text } }] };
        });
        return server;
      },
      { transport: serverSide },
    );
    const p = page('auto');
    return p.client.connect(clientSide).then(() => p);
  }

  const getPrompt = (
    client: Client,
    signal: AbortSignal,
    p: { requests: ServerRequestQueue; roots: RootsStore },
  ) =>
    withInputRounds(
      (retry) =>
        client.request(
          { method: 'prompts/get', params: { name: 'greet', ...retry } },
          { allowInputRequired: true, signal },
        ),
      (round) => ({
        answerer: pageAnswerer(p.requests, p.roots),
        signal,
        origin: (key) => ({ owner: 'prompt:greet', round, key }),
      }),
    );

  it('queues the ask with where it came from, answers roots from the settings, and retries with the answers', async () => {
    const p = await modern();
    expect(p.client.getProtocolEra()).toBe('modern');
    p.roots.set([{ uri: 'file:///work/project' }]);
    const result = getPrompt(p.client, new AbortController().signal, p);
    const [ask] = await queued(p.requests);
    expect(ask).toMatchObject({
      kind: 'elicitation',
      params: { message: 'Your name?' },
      origin: { owner: 'prompt:greet', round: 1, key: 'who' },
    });
    p.requests.answer(ask!.id, { action: 'accept', content: { name: 'Ada' } });
    await expect(result).resolves.toMatchObject({
      messages: [{ content: { text: 'Hello Ada in file:///work/project' } }],
    });
    expect(p.requests.getSnapshot()).toEqual([]);
  });

  it('abandoning the request takes its asks out of the queue', async () => {
    const p = await modern();
    const abort = new AbortController();
    const result = getPrompt(p.client, abort.signal, p);
    await queued(p.requests);
    abort.abort();
    await expect(result).rejects.toThrow();
    expect(p.requests.getSnapshot()).toEqual([]);
  });
});
