// book_table needs an elicitation round and then a sampling round. A modern client sees them as
// input_required results and retries; on a legacy connection the SDK turns the same handler into
// real elicitation/create and sampling/createMessage requests.
import { Client } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connectToDemo } from '../testSupport/demoConnection.js';

const FORM_AND_SAMPLING = { elicitation: { form: {} }, sampling: {} };
const WELCOME = {
  role: 'assistant' as const,
  model: 'test-model',
  content: { type: 'text' as const, text: 'Welcome!' },
};
const BOOKED =
  'Booked a table for 2 at Chez MCP under the name Ada.\nWelcome line (from test-model): Welcome!';

/** Answers the form with Ada, 2 seats, and the sampling request with WELCOME; records the order. */
function answerLikeAPerson(client: Client, asked: string[]): void {
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(`elicit: ${request.params.message}`);
    return { action: 'accept', content: { name: 'Ada', seats: 2 } };
  });
  client.setRequestHandler('sampling/createMessage', (request) => {
    const first = request.params.messages[0]?.content;
    asked.push(`sample: ${first && 'text' in first ? first.text : ''}`);
    return WELCOME;
  });
}

describe('book_table, modern era', () => {
  it('answers with two input_required rounds, then the booking; the state between them is signed', async () => {
    const client = new Client(
      { name: 'manual', version: '1' },
      {
        versionNegotiation: { mode: 'auto' },
        inputRequired: { autoFulfill: false },
        capabilities: FORM_AND_SAMPLING,
      },
    );
    await connectToDemo(client);
    const call = (extra: object) =>
      client.callTool({ name: 'book_table', arguments: {}, ...extra }, { allowInputRequired: true });

    const first = await call({});
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        booking: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Who is the table at Chez MCP for, and how many seats?',
            requestedSchema: { properties: { name: { type: 'string' }, seats: { type: 'integer' } } },
          },
        },
      },
    });
    expect(first).not.toHaveProperty('requestState');

    const second = await call({
      inputResponses: { booking: { action: 'accept', content: { name: 'Ada', seats: 2 } } },
    });
    expect(second).toMatchObject({
      resultType: 'input_required',
      inputRequests: { welcome: { method: 'sampling/createMessage', params: { maxTokens: 100 } } },
      requestState: expect.stringMatching(/^v1\./),
    });
    const requestState = second.requestState as string;

    const third = await call({ inputResponses: { welcome: WELCOME }, requestState });
    expect(third.content).toEqual([{ type: 'text', text: BOOKED }]);

    // The client holds the state but cannot change it: a tampered copy is refused before the tool runs.
    const tampered = `${requestState.slice(0, -2)}xx`;
    await expect(
      call({ inputResponses: { welcome: WELCOME }, requestState: tampered }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid or expired requestState',
    });
  });

  it('runs the rounds through the registered handlers when the client fulfils them itself', async () => {
    const client = new Client(
      { name: 'auto', version: '1' },
      { versionNegotiation: { mode: 'auto' }, capabilities: FORM_AND_SAMPLING },
    );
    const asked: string[] = [];
    answerLikeAPerson(client, asked);
    await connectToDemo(client);

    const result = await client.callTool({ name: 'book_table', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: BOOKED }]);
    expect(asked).toEqual([
      'elicit: Who is the table at Chez MCP for, and how many seats?',
      'sample: Write a one-line welcome for Ada, a party of 2, at Chez MCP.',
    ]);
  });

  it('refuses the sampling round with -32021 when the request does not declare sampling', async () => {
    const client = new Client(
      { name: 'form only', version: '1' },
      { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', () => ({
      action: 'accept',
      content: { name: 'Ada', seats: 2 },
    }));
    await connectToDemo(client);

    await expect(client.callTool({ name: 'book_table', arguments: {} })).rejects.toMatchObject({
      code: -32021,
    });
  });
});

describe('book_table, legacy era', () => {
  it('sends a v2 client real elicitation and sampling requests, in that order', async () => {
    const client = new Client({ name: 'legacy', version: '1' }, { capabilities: FORM_AND_SAMPLING });
    const asked: string[] = [];
    answerLikeAPerson(client, asked);
    await connectToDemo(client);

    expect(client.getProtocolEra()).toBe('legacy');
    const result = await client.callTool({ name: 'book_table', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: BOOKED }]);
    expect(asked).toHaveLength(2);
  });

  it('works for a v1 SDK client, and says so when the form is declined', async () => {
    const client = new V1Client(
      { name: 'v1', version: '1' },
      { capabilities: { elicitation: {}, sampling: {} } },
    );
    let answer: 'accept' | 'decline' = 'accept';
    client.setRequestHandler(ElicitRequestSchema, () =>
      answer === 'accept' ? { action: 'accept', content: { name: 'Ada', seats: 2 } } : { action: 'decline' },
    );
    client.setRequestHandler(CreateMessageRequestSchema, () => WELCOME);
    await connectToDemo(client);

    expect((await client.callTool({ name: 'book_table', arguments: {} })).content).toEqual([
      { type: 'text', text: BOOKED },
    ]);
    answer = 'decline';
    expect((await client.callTool({ name: 'book_table', arguments: {} })).content).toEqual([
      { type: 'text', text: 'No table booked: you declined the form.' },
    ]);
  });
});
