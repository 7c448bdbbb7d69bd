import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { maskedPathOf, maskUrl } from '../../shared/urlSecrets.js';
import { allowedHosts, isAllowedHost } from '../loopback/security.js';
import { ALWAYS_SECRET, maskHeaders } from '../targets/httpExchanges.js';
import type { Capture } from './capture.js';
import type { Breakpoints } from './breakpoints.js';
import { matchRule, type InjectRule } from './injectRules.js';
import type { SecretValues } from './secretValues.js';
import {
  idKey,
  looksAtServerMessages,
  parseMessage,
  takeServerMessage,
  type ServerSideContext,
} from './serverMessages.js';
import { SseEndpointRewrite } from './sseEndpointRewrite.js';
import { SseEventRelay, type SseEventLook } from './sseEventRelay.js';
import { SseTap } from './sseTap.js';

/** Headers of one hop, not of the exchange: never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
/** Bytes of a JSON body the capture reads; past it, the body passes on and is noted, not kept. */
const CAPTURE_BODY_BYTES = 8 * 1024 * 1024;
/** Bytes of a request the proxy holds to apply `--inject` rules to it. */
const INJECT_BODY_BYTES = 16 * 1024 * 1024;

export interface HttpProxyOptions {
  url: string;
  port: number;
  capture: Capture;
  secrets: SecretValues;
  rules: readonly InjectRule[];
  /** The page's breakpoints (breakpoints.ts): over HTTP they hold what either side sends. */
  breakpoints?: Breakpoints;
  say: (line: string) => void;
}

export interface RunningHttpProxy {
  /** http://127.0.0.1:N: the server's paths, served here. */
  origin: string;
  close(): Promise<void>;
}

/**
 * The HTTP proxy: a reverse proxy on 127.0.0.1 in front of one MCP server. A request to
 * `http://127.0.0.1:N/<path>` goes to `<server origin>/<path>` with its method, headers (but
 * those of the hop) and body; the answer comes back with its status, headers and body as they
 * came, SSE streams chunk by chunk, so sessions (`Mcp-Session-Id`), OAuth challenges and the
 * host's `Authorization` pass as they are. The capture reads copies: each exchange (headers
 * masked), and the JSON-RPC messages of the bodies and streams. A web page must not reach it:
 * Host must be a loopback name with this port, and an Origin, when sent, a loopback one.
 */
export async function startHttpProxy(options: HttpProxyOptions): Promise<RunningHttpProxy> {
  const upstream = new URL(options.url);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  let hosts = new Set<string>();
  // The server's requests whose answers (the host's POSTs) a `truncate` rule cuts, by id.
  const truncateHostAnswers = new Map<string, number | undefined>();
  const server = createServer((req, res) => {
    if (!isAllowedHost(req.headers.host, hosts)) {
      res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('mcp-inspect proxy: refused: the Host is not this loopback address\n');
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !isLoopbackOrigin(origin)) {
      res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('mcp-inspect proxy: refused: a request from a web page of another origin\n');
      return;
    }
    forward(req, res, upstream, send, options, truncateHostAnswers);
  });
  // A host may keep SSE streams open for hours.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  hosts = allowedHosts(port, '127.0.0.1');
  options.capture.state({
    state: 'connected',
    transport: 'streamable-http',
    note: `proxy on http://127.0.0.1:${port}`,
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs the HTTP proxy until SIGINT, SIGTERM or SIGHUP. */
export async function runHttpProxy(options: HttpProxyOptions): Promise<void> {
  let running: RunningHttpProxy;
  try {
    running = await startHttpProxy(options);
  } catch (error) {
    options.say(
      `cannot listen on 127.0.0.1:${options.port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
    process.exitCode = 1;
    return;
  }
  // The server's URL with this proxy's origin: what a host's config points at instead.
  options.say(
    `listening on ${running.origin}${maskedPathOf(options.url)} (forwarding to ${maskUrl(options.url)})`,
  );
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(name, () => resolve(name));
  });
  options.capture.state({ state: 'stopped', note: `the proxy got ${signal}` });
  await running.close();
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: URL,
  send: typeof httpRequest,
  options: HttpProxyOptions,
  truncateHostAnswers: Map<string, number | undefined>,
): void {
  const { capture, secrets } = options;
  const t = capture.now();
  const startedAt = performance.now();
  const headers = forwardedHeaders(req.headers);
  rememberCredentials(req.headers, secrets);
  const path = req.url ?? '/';
  const target = new URL(path, upstream);
  const requestBody: Buffer[] = [];
  let requestBytes = 0;
  let outgoing: ReturnType<typeof httpRequest> | undefined;
  let truncateTo: number | undefined | null = null;
  let answered = false;
  /** A legacy SSE stream's message endpoint (on the server), once its `endpoint` event passed. */
  let legacyEndpoint: URL | undefined;
  const serverSide: ServerSideContext = {
    capture,
    rules: options.rules,
    breakpoints: options.breakpoints,
    truncateHostAnswers,
    // The answer goes where the host posts its own: the endpoint a legacy stream named, else the
    // path of this exchange, with its session, protocol version and credentials.
    answerServer: (text) => postForHost(text, legacyEndpoint ?? target, headers, { upstream, send, capture }),
  };
  // The response's close, not the request's: a request closes once its body is read.
  res.on('close', () => {
    // The host went away mid-exchange: so does the request to the server.
    if (!res.writableFinished) {
      outgoing?.destroy();
      if (!answered) capture.note(`the host closed ${req.method} ${path} before the answer came`);
    }
  });

  const open = (bodyBytes?: number): ReturnType<typeof httpRequest> => {
    // A body the person edited has its own length.
    const sized = bodyBytes === undefined ? headers : { ...headers, 'content-length': String(bodyBytes) };
    const out = send(target, { method: req.method, headers: { ...sized, host: upstream.host } });
    outgoing = out;
    out.on('response', (response) => {
      answered = true;
      const responseHeaders = maskHeaders(toHeaders(response.headers), ALWAYS_SECRET);
      capture.http({
        t,
        method: req.method ?? 'GET',
        path: maskedPath(path),
        status: response.statusCode ?? 0,
        durationMs: Math.round((performance.now() - startedAt) * 1000) / 1000,
        requestHeaders: maskHeaders(toHeaders(req.headers), ALWAYS_SECRET),
        responseHeaders,
        ...rpcSummary(Buffer.concat(requestBody).toString('utf8')),
      });
      const back: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
      }
      const type = String(response.headers['content-type'] ?? '').toLowerCase();
      const stream = type.includes('text/event-stream');
      // A compressed body is not read: its bytes pass as they came.
      const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
      const readable = encoding === 'identity' && typeof truncateTo !== 'number' && truncateTo !== undefined;
      // The endpoint event may change length (sseEndpointRewrite.ts); a stream has none anyway.
      if (stream) delete back['content-length'];
      tapResponse(response, capture);
      if (readable && !stream && type.includes('json') && looksAtServerMessages(serverSide)) {
        // The answer's head waits for its body: the person may change it, and its length.
        relayJsonBody(response, res, back, serverSide);
        return;
      }
      res.writeHead(response.statusCode ?? 502, response.statusMessage, back);
      res.flushHeaders();
      if (typeof truncateTo === 'number' || truncateTo === undefined) {
        pipeCut(response, res, truncateTo, capture);
        return;
      }
      if (stream) {
        // The Host was checked: one of this proxy's loopback names, with its port.
        const rewrite = new SseEndpointRewrite(upstream, `http://${req.headers.host ?? ''}`, (from, to) =>
          capture.note(
            to === undefined
              ? /^[a-z][a-z0-9+.-]*:/i.test(from)
                ? `the server's message endpoint is on another origin (${maskedPath(from)}): the host posts there directly, past the proxy`
                : `the message endpoint is relative: the host posts it to the proxy`
              : `the message endpoint ${maskedPath(from)} names the server's origin: the host is given ${maskedPath(to)}, on the proxy`,
          ),
        );
        if (!readable || (options.breakpoints === undefined && !looksAtServerMessages(serverSide))) {
          response.pipe(rewrite).pipe(res);
          return;
        }
        const look: SseEventLook = ({ event, data }, out) => {
          if (event === 'endpoint') {
            legacyEndpoint = endpointUrl(data, target);
            return false;
          }
          if (event !== 'message' || !looksAtServerMessages(serverSide)) return false;
          const message = parseMessage(data);
          return (
            message !== undefined && takeServerMessage(message, Buffer.byteLength(data), serverSide, out)
          );
        };
        response.pipe(new SseEventRelay(look)).pipe(rewrite).pipe(res);
        return;
      }
      response.pipe(res);
    });
    out.on('error', (error: NodeJS.ErrnoException) => {
      const why = error.code ?? error.message;
      capture.transportError(`the server could not be reached for ${req.method} ${maskedPath(path)}: ${why}`);
      if (!res.headersSent)
        res
          .writeHead(502, { 'content-type': 'text/plain' })
          .end(`mcp-inspect proxy: the server could not be reached: ${why}\n`);
      else res.destroy();
    });
    return out;
  };

  if ((options.rules.length === 0 && options.breakpoints?.active !== true) || req.method !== 'POST') {
    const out = open();
    req.on('data', (chunk: Buffer) => {
      if (requestBytes + chunk.length <= CAPTURE_BODY_BYTES) requestBody.push(chunk);
      requestBytes += chunk.length;
    });
    req.once('end', () => captureRequestBody(requestBody, requestBytes, capture));
    req.pipe(out);
    return;
  }
  // With rules, the request is read whole first, to match it before it goes anywhere.
  req.on('data', (chunk: Buffer) => {
    requestBytes += chunk.length;
    if (requestBytes <= INJECT_BODY_BYTES) requestBody.push(chunk);
  });
  req.once('end', () => {
    if (requestBytes > INJECT_BODY_BYTES) {
      res
        .writeHead(413, { 'content-type': 'text/plain' })
        .end('mcp-inspect proxy: a request over 16 MB cannot be held for --inject rules\n');
      capture.transportError(
        `a request of ${requestBytes} bytes refused: too large to hold for --inject rules`,
        undefined,
        413,
      );
      return;
    }
    const body = Buffer.concat(requestBody);
    captureRequestBody(requestBody, requestBytes, capture);
    const message = singleMessage(body);
    const answerId = message && typeof message.method !== 'string' ? idKey(message.id) : undefined;
    if (answerId !== undefined && truncateHostAnswers.has(answerId)) {
      // The host's answer to a server request a `truncate` rule matched: cut on its way.
      const cut = Math.min(truncateHostAnswers.get(answerId) ?? Math.floor(body.length / 2), body.length);
      truncateHostAnswers.delete(answerId);
      capture.note(
        `injected: the answer to request ${answerId} cut to its first ${cut} of ${body.length} bytes`,
        'warning',
      );
      open(cut).end(body.subarray(0, cut));
      return;
    }
    const rule = message && matchRule(options.rules, message, 'host');
    if (!message || !rule) {
      const held =
        message !== undefined &&
        options.breakpoints?.consider(message, 'host', requestBytes, {
          forward: (text) => {
            if (res.writableEnded || res.destroyed) return;
            if (text === undefined) open().end(body);
            else open(Buffer.byteLength(text)).end(text);
          },
          answerBack: (text) => {
            if (res.writableEnded || res.destroyed) return;
            answered = true;
            res.writeHead(200, { 'content-type': 'application/json' }).end(text);
          },
          // A notification or an answer is accepted as the server would; a request is never answered.
          drop: () => {
            if ((message.id === undefined || typeof message.method !== 'string') && !res.headersSent)
              res.writeHead(202).end();
          },
        });
      if (!held) open().end(body);
      return;
    }
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
    const what = `${String(message.method)}${id === undefined ? '' : ` (id ${JSON.stringify(id)})`} from the host`;
    const because = `(rule "${rule.text}")`;
    switch (rule.action.kind) {
      case 'drop':
        capture.note(`injected: ${what} dropped ${because}`, 'warning');
        // A notification is accepted as the server would; a request is never answered.
        if (id === undefined) res.writeHead(202).end();
        return;
      case 'delay':
        capture.note(`injected: ${what} held ${rule.action.ms} ms ${because}`, 'warning');
        setTimeout(() => {
          if (!req.destroyed || !res.writableEnded) open().end(body);
        }, rule.action.ms);
        return;
      case 'truncate':
        capture.note(`injected: the answer to ${what} will be cut ${because}`, 'warning');
        truncateTo = rule.action.bytes;
        open().end(body);
        return;
      case 'error': {
        if (id === undefined) {
          capture.note(
            `injected: ${what} dropped, a notification cannot be answered with an error ${because}`,
            'warning',
          );
          res.writeHead(202).end();
          return;
        }
        const answer = JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: { code: rule.action.code, message: rule.action.message },
        });
        capture.note(
          `injected: ${what} answered by the proxy with error ${rule.action.code} ${because}`,
          'warning',
        );
        capture.line('fromServer', answer, Buffer.byteLength(answer), { synthetic: true });
        answered = true;
        res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
        return;
      }
    }
  });
}

/** The response, cut to `bytes` (half of it when undefined, once its length is known). */
function pipeCut(
  response: IncomingMessage,
  res: ServerResponse,
  bytes: number | undefined,
  capture: Capture,
): void {
  const chunks: Buffer[] = [];
  let total = 0;
  response.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    total += chunk.length;
  });
  response.once('end', () => {
    const all = Buffer.concat(chunks);
    const cut = bytes ?? Math.floor(total / 2);
    capture.note(
      `injected: the answer cut to its first ${Math.min(cut, total)} of ${total} bytes`,
      'warning',
    );
    res.end(all.subarray(0, cut));
  });
}

/**
 * A JSON body the server sent, read whole before its head goes on, so a rule or the person may
 * hold, change or drop the message in it: unchanged, it goes on as its own bytes and headers;
 * changed, re-serialized with its own `Content-Length`; dropped, the host gets 202 Accepted
 * with no body (as when a server answers elsewhere: the request is never answered). Over
 * INJECT_BODY_BYTES, it passes as it comes, unexamined.
 */
function relayJsonBody(
  response: IncomingMessage,
  res: ServerResponse,
  back: Record<string, string | string[]>,
  ctx: ServerSideContext,
): void {
  const status = response.statusCode ?? 502;
  const chunks: Buffer[] = [];
  let bytes = 0;
  let passing = false;
  response.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (passing) {
      res.write(chunk);
      return;
    }
    chunks.push(chunk);
    if (bytes <= INJECT_BODY_BYTES) return;
    passing = true;
    res.writeHead(status, response.statusMessage, back);
    for (const each of chunks.splice(0)) res.write(each);
  });
  response.once('end', () => {
    if (passing) {
      res.end();
      return;
    }
    const body = Buffer.concat(chunks);
    const asItCame = (): void => {
      if (!res.headersSent && !res.destroyed) res.writeHead(status, response.statusMessage, back).end(body);
    };
    const message = parseMessage(body.toString('utf8'));
    const taken =
      message !== undefined &&
      takeServerMessage(message, body.length, ctx, {
        send: (text) => {
          if (text === undefined) asItCame();
          else if (!res.headersSent && !res.destroyed)
            res
              .writeHead(status, response.statusMessage, {
                ...back,
                'content-length': String(Buffer.byteLength(text)),
              })
              .end(text);
        },
        drop: () => {
          if (!res.headersSent && !res.destroyed) res.writeHead(202).end();
        },
      });
    if (!taken) asItCame();
  });
}

/**
 * Posts a JSON-RPC answer to the server in the host's place (a server request a rule or the
 * person answered): to `url`, with the headers of the exchange that carried the request (its
 * session, protocol version and credentials). What the server says back is captured, not relayed.
 */
function postForHost(
  text: string,
  url: URL,
  exchangeHeaders: Record<string, string | string[]>,
  how: { upstream: URL; send: typeof httpRequest; capture: Capture },
): void {
  const { capture } = how;
  const t = capture.now();
  const startedAt = performance.now();
  const headers: Record<string, string | string[]> = { ...exchangeHeaders };
  delete headers['last-event-id'];
  delete headers['content-length'];
  headers['content-type'] = 'application/json';
  headers['content-length'] = String(Buffer.byteLength(text));
  headers.accept = 'application/json, text/event-stream';
  const path = `${url.pathname}${url.search}`;
  const out = how.send(url, { method: 'POST', headers: { ...headers, host: how.upstream.host } });
  out.on('response', (response) => {
    response.resume();
    capture.http({
      t,
      method: 'POST',
      path: maskedPath(path),
      status: response.statusCode ?? 0,
      durationMs: Math.round((performance.now() - startedAt) * 1000) / 1000,
      requestHeaders: maskHeaders(toHeaders(headers as IncomingHttpHeaders), ALWAYS_SECRET),
      responseHeaders: maskHeaders(toHeaders(response.headers), ALWAYS_SECRET),
      ...rpcSummary(text),
    });
    if ((response.statusCode ?? 0) >= 400)
      capture.note(
        `the server refused the answer the proxy posted in the host's place: ${response.statusCode}`,
        'warning',
      );
  });
  out.on('error', (error: NodeJS.ErrnoException) =>
    capture.transportError(
      `the answer the proxy posts in the host's place could not reach the server: ${error.code ?? error.message}`,
    ),
  );
  out.end(text);
}

/** A legacy stream's endpoint, resolved against the URL the stream came from. */
function endpointUrl(endpoint: string, streamUrl: URL): URL | undefined {
  try {
    return new URL(endpoint.trim(), streamUrl);
  } catch {
    return undefined;
  }
}

/** Copies of the request's JSON-RPC messages into the capture. */
function captureRequestBody(chunks: Buffer[], bytes: number, capture: Capture): void {
  if (bytes === 0) return;
  if (bytes > CAPTURE_BODY_BYTES) {
    capture.overlong('toServer', bytes);
    return;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  capture.line('toServer', text.replace(/\r?\n/g, ' '), bytes);
}

/** Copies of the response's messages: a JSON body whole, an SSE stream event by event. */
function tapResponse(response: IncomingMessage, capture: Capture): void {
  const type = String(response.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('text/event-stream')) {
    const tap = new SseTap(
      ({ event, data }) => {
        if (event === 'message')
          capture.line('fromServer', data.replace(/\n/g, ' '), Buffer.byteLength(data));
        else if (event === 'endpoint')
          capture.note(`the server's SSE stream names its message endpoint: ${maskedPath(data)}`);
      },
      (bytes) => capture.overlong('fromServer', bytes),
    );
    response.on('data', (chunk: Buffer) => tap.push(chunk));
    return;
  }
  if (!type.includes('json')) return;
  const chunks: Buffer[] = [];
  let bytes = 0;
  response.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= CAPTURE_BODY_BYTES) chunks.push(chunk);
  });
  response.once('end', () => {
    if (bytes > CAPTURE_BODY_BYTES) capture.overlong('fromServer', bytes);
    else if (bytes > 0)
      capture.line('fromServer', Buffer.concat(chunks).toString('utf8').replace(/\r?\n/g, ' '), bytes);
  });
}

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/** The host's bearer token and cookies, masked wherever else they show up (a body, a stream). */
function rememberCredentials(headers: IncomingHttpHeaders, secrets: SecretValues): void {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const credential = /^\S+\s+(.+)$/.exec(authorization)?.[1];
    if (credential) secrets.add(credential);
  }
  const cookie = headers.cookie;
  if (typeof cookie === 'string') {
    for (const pair of cookie.split(';')) {
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      if (value) secrets.add(value);
    }
  }
}

function toHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      try {
        out.append(name, one);
      } catch {
        // A header value Headers refuses (a control character): not shown.
      }
    }
  }
  return out;
}

function singleMessage(body: Buffer): { id?: unknown; method?: unknown; params?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as { id?: unknown })
      : undefined;
  } catch {
    return undefined;
  }
}

function rpcSummary(body: string): { rpcIds: (string | number)[]; rpcMethod?: string } {
  const message = singleMessage(Buffer.from(body));
  if (!message) return { rpcIds: [] };
  const id = message.id;
  return {
    rpcIds: typeof id === 'string' || typeof id === 'number' ? [id] : [],
    ...(typeof message.method === 'string' ? { rpcMethod: message.method } : {}),
  };
}

/** A page of this machine (`http://localhost:3000`), not of the web. */
function isLoopbackOrigin(origin: string): boolean {
  try {
    const { hostname, protocol } = new URL(origin);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(hostname)
    );
  } catch {
    return false;
  }
}

/** A request's path and query as the capture shows them: secret-looking query values masked. */
function maskedPath(path: string): string {
  return /^https?:\/\//i.test(path)
    ? maskedPathOf(path)
    : maskedPathOf(`http://proxy${path.startsWith('/') ? '' : '/'}${path}`);
}
