// A captured session's frames (as the proxy records them) made into collection items: one per
// host call, with the answers the host gave to the server's asks (legacy requests, and 2026-07-28
// input rounds followed to their retry), secrets out of the arguments, errors kept as expected.
import { describe, expect, it } from 'vitest';
import { itemsFromCapture } from './fromCapture.js';

let seq = 0;
const frame = (dir: 'toServer' | 'fromServer', t: number, message: Record<string, unknown>) => ({
  type: 'frame',
  seq: ++seq,
  t,
  dir,
  bytes: 10,
  generation: 1,
  message: { jsonrpc: '2.0', ...message },
});

describe('itemsFromCapture', () => {
  it('makes an item of each host call, with the host’s answers to the server’s legacy asks', () => {
    const records = [
      { type: 'state', seq: ++seq, t: 0, generation: 1, state: 'connected' },
      frame('toServer', 1, { id: 0, method: 'initialize', params: { clientInfo: { name: 'h' } } }),
      frame('toServer', 2, { id: 1, method: 'tools/list' }),
      frame('fromServer', 3, {
        id: 1,
        result: {
          tools: [
            {
              name: 'deploy',
              inputSchema: {
                type: 'object',
                properties: { target: {}, key: { type: 'string', format: 'password' } },
              },
            },
          ],
        },
      }),
      frame('toServer', 10, {
        id: 2,
        method: 'tools/call',
        params: { name: 'deploy', arguments: { target: 'prod', key: 'k-123' } },
      }),
      frame('fromServer', 11, { id: 'e1', method: 'elicitation/create', params: { message: 'sure?' } }),
      frame('toServer', 12, { id: 'e1', result: { action: 'accept', content: { sure: true } } }),
      frame('fromServer', 13, { id: 's1', method: 'sampling/createMessage', params: { messages: [] } }),
      frame('toServer', 14, {
        id: 's1',
        result: { role: 'assistant', model: 'm', content: { type: 'text', text: 'ship it' } },
      }),
      frame('fromServer', 30, { id: 2, result: { content: [{ type: 'text', text: 'deployed to prod' }] } }),
      frame('toServer', 40, {
        id: 3,
        method: 'prompts/get',
        params: { name: 'greet', arguments: { who: 'Ada' } },
      }),
      frame('fromServer', 41, { id: 3, error: { code: -32602, message: 'no such prompt' } }),
      frame('toServer', 50, { id: 4, method: 'resources/read', params: { uri: 'file:///a.txt' } }),
      frame('toServer', 51, {
        id: 5,
        method: 'tools/call',
        params: { name: 'deploy', arguments: { target: 'dev' } },
      }),
    ];
    const made = itemsFromCapture(records, new Set(['deploy']));
    expect(made.items).toEqual([
      {
        name: 'deploy 2',
        kind: 'tool',
        tool: 'deploy',
        arguments: { target: 'prod', key: '${env:MCPI_SECRET_KEY}' },
        answers: { elicitation: { action: 'accept', content: { sure: true } }, samplingReply: 'ship it' },
        expect: expect.arrayContaining([
          { type: 'succeeds' },
          { type: 'textContains', text: 'deployed to prod' },
        ]),
      },
      {
        name: 'greet',
        kind: 'prompt',
        prompt: 'greet',
        arguments: { who: 'Ada' },
        expect: [{ type: 'rpcError', code: -32602 }],
      },
      { name: 'file:///a.txt', kind: 'resource', uri: 'file:///a.txt', expect: [] },
      { name: 'deploy 3', kind: 'tool', tool: 'deploy', arguments: { target: 'dev' }, expect: [] },
    ]);
    expect(made.secrets).toEqual([{ path: 'key', envName: 'MCPI_SECRET_KEY' }]);
    expect(made.leftOut).toEqual({ initialize: 1, 'tools/list': 1 });
    expect(made.unanswered).toBe(2);
  });

  it('follows a 2026-07-28 call through its input round to one item with the host’s answer', () => {
    const call = { name: 'book', arguments: { date: 'tomorrow' } };
    const records = [
      frame('toServer', 1, { id: 1, method: 'tools/call', params: call }),
      frame('fromServer', 2, {
        id: 1,
        result: {
          resultType: 'input_required',
          inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'ok?' } } },
          requestState: 'opaque',
        },
      }),
      frame('toServer', 3, {
        id: 2,
        method: 'tools/call',
        params: { ...call, inputResponses: { confirm: { action: 'decline' } }, requestState: 'opaque' },
      }),
      frame('fromServer', 4, { id: 2, result: { content: [], isError: true } }),
    ];
    const made = itemsFromCapture(records);
    expect(made.items).toEqual([
      expect.objectContaining({
        name: 'book',
        arguments: { date: 'tomorrow' },
        answers: { elicitation: { action: 'decline' } },
        expect: expect.arrayContaining([{ type: 'isError' }]),
      }),
    ]);
  });
});
