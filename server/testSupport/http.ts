import { request } from 'node:http';
import WebSocket from 'ws';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text (UTF-8). */
  body: string;
  /** The body as sent, for a compressed or binary one. */
  bytes: Buffer;
}

/**
 * A request through node:http rather than fetch, so Host and Origin can be set to what an
 * attacker's page would send (fetch refuses to set them).
 */
export function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers, setHost: !('Host' in headers) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString(), bytes });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A Content-Security-Policy header as its directives: name → sources, in order. */
export function cspDirectives(reply: RawReply): Map<string, string> {
  const text = String(reply.headers['content-security-policy'] ?? '');
  return new Map(
    text.split('; ').map((part) => {
      const [name = '', ...values] = part.split(' ');
      return [name, values.join(' ')];
    }),
  );
}

/** Attempts a WebSocket upgrade; resolves with 101, or the HTTP status it was refused with. */
export function upgradeStatus(
  port: number,
  options: { origin?: string; host?: string; protocols?: string[]; path?: string },
): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (options.origin !== undefined) headers.Origin = options.origin;
    if (options.host !== undefined) headers.Host = options.host;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/ws'}`, options.protocols ?? [], {
      headers,
    });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => resolve(0));
  });
}
