import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Scripted stand-ins for the two provider APIs: real HTTP servers on 127.0.0.1 (a free port)
 * speaking OpenAI's chat completions and Anthropic's messages wire formats, streaming included,
 * so the official clients run unchanged against them. Each request gets the script's next turn;
 * every request is recorded (headers and body), so a test checks what the model received.
 */

/** A tool call the model makes: arguments as an object (sent as JSON) or as raw text (to send garbage). */
export interface ScriptedCall {
  name: string;
  arguments: Record<string, unknown> | string;
}

export type ScriptedTurn =
  | { text?: string; calls?: ScriptedCall[]; usage?: { input: number; output: number; cost?: number } }
  /** An HTTP error with the API's error body. */
  | { status: number; message: string; headers?: Record<string, string> }
  /** A stream whose data is not the API's JSON. */
  | { garbage: string }
  /** A redirect to another place. */
  | { redirect: string };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  /** performance.now() when the request's body had arrived, and when the answer's last byte went out. */
  receivedAt: number;
  answeredAt?: number;
}

export interface StandInOptions {
  /** The key a request must carry (Authorization: Bearer for OpenAI, x-api-key for Anthropic); else 401. */
  key?: string;
  /** When the script is used up, answer with its last turn again (a model that loops). */
  repeatLast?: boolean;
  /** The models `GET /v1/models` lists, in the API's own page shape; without them it answers 404. */
  models?: string[];
}

export interface ProviderStandIn {
  /** The base URL to give the client (OpenAI's includes /v1, as OPENAI_BASE_URL does). */
  baseUrl: string;
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type Flavour = 'openai' | 'anthropic';

export function startOpenAIStandIn(
  script: ScriptedTurn[],
  options: StandInOptions = {},
): Promise<ProviderStandIn> {
  return startStandIn('openai', script, options);
}

export function startAnthropicStandIn(
  script: ScriptedTurn[],
  options: StandInOptions = {},
): Promise<ProviderStandIn> {
  return startStandIn('anthropic', script, options);
}

async function startStandIn(
  flavour: Flavour,
  script: ScriptedTurn[],
  options: StandInOptions,
): Promise<ProviderStandIn> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    void readBody(req).then((text) => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text || '{}') as Record<string, unknown>;
      } catch {
        body = { unparsed: text };
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        receivedAt: performance.now(),
      };
      requests.push(recorded);
      res.once('finish', () => (recorded.answeredAt = performance.now()));
      if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/v1/models' && options.models) {
        if (options.key !== undefined && keyOf(flavour, req) !== options.key)
          return apiError(flavour, res, 401, 'invalid api key');
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(modelsPage(flavour, options.models)));
      }
      const expectedPath = flavour === 'openai' ? '/v1/chat/completions' : '/v1/messages';
      if (req.method !== 'POST' || req.url !== expectedPath)
        return apiError(flavour, res, 404, `the stand-in answers POST ${expectedPath} only`);
      if (options.key !== undefined && keyOf(flavour, req) !== options.key)
        return apiError(flavour, res, 401, 'invalid api key');
      const index = next < script.length ? next : options.repeatLast ? script.length - 1 : -1;
      next += 1;
      const turn = script[index];
      if (!turn) return apiError(flavour, res, 500, `the stand-in's script has no turn ${next}`);
      if ('status' in turn) return apiError(flavour, res, turn.status, turn.message, turn.headers);
      if ('redirect' in turn) {
        res.writeHead(307, { location: turn.redirect });
        return res.end();
      }
      const model = typeof body.model === 'string' ? body.model : 'stand-in';
      if ('garbage' in turn) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${turn.garbage}\n\n`);
        return;
      }
      if (body.stream !== true)
        return apiError(flavour, res, 400, 'the stand-in streams only: send stream: true');
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const events =
        flavour === 'openai' ? openaiEvents(turn, model, next) : anthropicEvents(turn, model, next);
      res.end(events.join(''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: flavour === 'openai' ? `${origin}/v1` : origin,
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function keyOf(flavour: Flavour, req: IncomingMessage): string | undefined {
  // Anthropic's client sends the key as x-api-key or as a bearer token, by version.
  const apiKey = req.headers['x-api-key'];
  if (flavour === 'anthropic' && typeof apiKey === 'string') return apiKey;
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
}

function apiError(
  flavour: Flavour,
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body =
    flavour === 'openai'
      ? {
          error: {
            message,
            type: status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error',
            code: null,
          },
        }
      : {
          type: 'error',
          error: { type: status === 429 ? 'rate_limit_error' : 'invalid_request_error', message },
        };
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** `GET /v1/models` as each API answers it: one page holding every model. */
function modelsPage(flavour: Flavour, models: string[]): Record<string, unknown> {
  if (flavour === 'openai')
    return {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'stand-in' })),
    };
  return {
    data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-01-01T00:00:00Z' })),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models.at(-1) ?? null,
  };
}

function argumentsText(call: ScriptedCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** Text in pieces, as a model streams it. */
function pieces(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 8) out.push(text.slice(i, i + 8));
  return out;
}

function openaiEvents(
  turn: { text?: string; calls?: ScriptedCall[]; usage?: { input: number; output: number; cost?: number } },
  model: string,
  n: number,
): string[] {
  const base = { id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: 0, model };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const events = [chunk({ role: 'assistant', content: '' })];
  for (const piece of pieces(turn.text ?? '')) events.push(chunk({ content: piece }));
  (turn.calls ?? []).forEach((call, index) => {
    events.push(
      chunk({
        tool_calls: [
          { index, id: `call_${n}_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    );
    for (const piece of pieces(argumentsText(call)))
      events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(chunk({}, (turn.calls ?? []).length > 0 ? 'tool_calls' : 'stop'));
  const usage = turn.usage ?? { input: 10, output: 5 };
  events.push(
    `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output, ...('cost' in usage ? { cost: usage.cost } : {}) } })}\n\n`,
  );
  events.push('data: [DONE]\n\n');
  return events;
}

function anthropicEvents(
  turn: { text?: string; calls?: ScriptedCall[]; usage?: { input: number; output: number; cost?: number } },
  model: string,
  n: number,
): string[] {
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const usage = turn.usage ?? { input: 10, output: 5 };
  const events = [
    event('message_start', {
      message: {
        id: `msg_${n}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  if (turn.text) {
    events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const piece of pieces(turn.text))
      events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
    events.push(event('content_block_stop', { index }));
    index += 1;
  }
  (turn.calls ?? []).forEach((call, i) => {
    events.push(
      event('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: `toolu_${n}_${i}`, name: call.name, input: {} },
      }),
    );
    for (const piece of pieces(argumentsText(call)))
      events.push(
        event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }),
      );
    events.push(event('content_block_stop', { index }));
    index += 1;
  });
  events.push(
    event('message_delta', {
      delta: { stop_reason: (turn.calls ?? []).length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: usage.output },
    }),
  );
  events.push(event('message_stop', {}));
  return events;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });
}
