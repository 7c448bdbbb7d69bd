import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHosts, generateToken, isAllowedHost, tokensMatch } from '../loopback/security.js';
import { BREAKPOINT_LINK_PATH } from '../proxy/breakpointLink.js';
import { PUSH_PATH } from '../proxy/livePush.js';
import { removeRendezvous, rendezvousPath, writeRendezvous } from '../proxy/rendezvousFile.js';
import { LineSplitter } from '../targets/lineSplitter.js';
import { learnFromRecord, sessionFromHeader, type CapturedSession } from './capturedSession.js';

/** The sessions the collector lists at most; the oldest that ended go first. */
const MAX_SESSIONS = 100;
/** Records it keeps per session for a page that opens one (the capture file has them all). */
const RECORDS_PER_SESSION = 2_000;
/** A pushed line longer than this is skipped. */
const MAX_LINE_BYTES = 8 * 1024 * 1024;
/** Sessions pushing at once. */
const MAX_LIVE_PUSHES = 64;

export const SESSIONS_PATH = '/captures/sessions';

interface Held {
  session: CapturedSession;
  records: string[];
}

/**
 * The collector: where proxies push their captures live, found through the rendezvous file
 * (proxy/rendezvousFile.ts). It listens on 127.0.0.1 only, and every route wants the token as a
 * bearer; a request with an Origin (a web page) or a Host that is not this loopback address is
 * refused, as on the bridge's own listener. It keeps the sessions listed (host, server, era,
 * start, state) and the last records of each, bounded, and tells `onChange` as they move.
 */
export class CaptureCollector {
  private readonly held = new Map<string, Held>();
  private live = 0;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly port: number,
    readonly token: string,
    private readonly path: string,
  ) {}

  static async start(
    options: {
      rendezvousFile?: string;
      onChange?: (session: CapturedSession) => void;
      /** A record of this session was kept (a page that shows it live fetches it). */
      onRecord?: (id: string) => void;
      /** Takes proxies' breakpoint links (`POST /captures/breakpoints`, breakpointHub.ts); else 404. */
      onBreakpointLink?: (req: IncomingMessage, res: ServerResponse) => void;
    } = {},
  ): Promise<CaptureCollector> {
    const token = generateToken();
    // Set once listening: the handler needs the instance, the instance needs the port.
    const self: { collector?: CaptureCollector } = {};
    let hosts = new Set<string>();
    const server = createServer((req, res) => {
      if (!isAllowedHost(req.headers.host, hosts) || req.headers.origin !== undefined) {
        res.writeHead(403, { 'content-type': 'text/plain' }).end('refused\n');
        return;
      }
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!tokensMatch(bearer, token)) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end('a token is needed\n');
        return;
      }
      if (req.method === 'POST' && req.url === BREAKPOINT_LINK_PATH && options.onBreakpointLink) {
        options.onBreakpointLink(req, res);
        return;
      }
      self.collector?.route(req, res, options.onChange, options.onRecord);
    });
    server.requestTimeout = 0;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    hosts = allowedHosts(port, '127.0.0.1');
    const path = options.rendezvousFile ?? rendezvousPath();
    const collector = new CaptureCollector(server, port, token, path);
    self.collector = collector;
    try {
      writeRendezvous({ version: 1, port, token, pid: process.pid }, path);
    } catch (error) {
      // No proxy could find it: it must not stay listening for nobody.
      await collector.close();
      throw error;
    }
    return collector;
  }

  /** The sessions, newest first. */
  sessions(): CapturedSession[] {
    return [...this.held.values()]
      .map((held) => ({ ...held.session }))
      .sort((a, b) => b.startedAt - a.startedAt);
  }

  /** The last records of a session, as JSON text, oldest first. */
  records(id: string): string[] {
    return [...(this.held.get(id)?.records ?? [])];
  }

  async close(): Promise<void> {
    removeRendezvous(this.token, this.path);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private route(
    req: IncomingMessage,
    res: ServerResponse,
    onChange?: (session: CapturedSession) => void,
    onRecord?: (id: string) => void,
  ): void {
    const path = new URL(req.url ?? '/', 'http://collector').pathname;
    if (req.method === 'GET' && path === SESSIONS_PATH) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sessions: this.sessions() }));
      return;
    }
    if (req.method === 'POST' && path === PUSH_PATH) {
      if (this.live >= MAX_LIVE_PUSHES) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('too many sessions at once\n');
        return;
      }
      this.receive(req, res, onChange, onRecord);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  }

  /** One proxy's push: the header line, then records, until the proxy ends it. */
  private receive(
    req: IncomingMessage,
    res: ServerResponse,
    onChange?: (session: CapturedSession) => void,
    onRecord?: (id: string) => void,
  ): void {
    this.live += 1;
    let held: Held | undefined;
    const lines = new LineSplitter(
      (line) => {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          return;
        }
        if (typeof value !== 'object' || value === null) return;
        const record = value as Record<string, unknown>;
        if (held === undefined) {
          const session = sessionFromHeader(record);
          if (session === undefined) {
            res
              .writeHead(400, { 'content-type': 'text/plain' })
              .end('the first line must be a capture header\n');
            req.destroy();
            return;
          }
          session.state = 'live';
          held = this.held.get(session.id) ?? { session, records: [] };
          held.session.state = 'live';
          this.keep(held);
          onChange?.({ ...held.session });
          return;
        }
        const before = JSON.stringify([held.session.client, held.session.era, held.session.state]);
        learnFromRecord(held.session, record);
        if (
          held.session.state !== 'exited' &&
          held.session.state !== 'failed' &&
          held.session.state !== 'stopped'
        )
          held.session.state = 'live';
        held.records.push(line);
        if (held.records.length > RECORDS_PER_SESSION)
          held.records.splice(0, held.records.length - RECORDS_PER_SESSION);
        if (JSON.stringify([held.session.client, held.session.era, held.session.state]) !== before)
          onChange?.({ ...held.session });
        onRecord?.(held.session.id);
      },
      () => undefined,
      MAX_LINE_BYTES,
    );
    req.on('data', (chunk: Buffer) => lines.push(chunk));
    req.once('close', () => {
      this.live -= 1;
      lines.end();
      if (held && held.session.state === 'live') {
        held.session.state = 'ended';
        onChange?.({ ...held.session });
      }
      if (!res.headersSent) res.writeHead(204).end();
    });
  }

  private keep(held: Held): void {
    this.held.set(held.session.id, held);
    if (this.held.size <= MAX_SESSIONS) return;
    const oldest = [...this.held.values()]
      .filter((other) => other.session.state !== 'live')
      .sort((a, b) => a.session.startedAt - b.session.startedAt)[0];
    if (oldest) this.held.delete(oldest.session.id);
  }
}
