import { request, type ClientRequest } from 'node:http';
import { LineSplitter } from '../targets/lineSplitter.js';
import type { BreakpointRule, Breakpoints, ReleaseCommand } from './breakpoints.js';
import type { Capture } from './capture.js';
import type { Rendezvous } from './rendezvousFile.js';

/** The path on the collector where a proxy takes the page's breakpoints. */
export const BREAKPOINT_LINK_PATH = '/captures/breakpoints';
/** A command line longer than this is skipped (an edited message is at most this big). */
const MAX_COMMAND_BYTES = 8 * 1024 * 1024;
/** Bytes of events the link may have unsent; past it the page is too slow to hold for. */
const MAX_UNSENT_BYTES = 8 * 1024 * 1024;

/**
 * The control channel from the page to one proxy: one long `POST /captures/breakpoints` to the
 * collector the capture is pushed to, with the same token. Its body carries the proxy's events
 * as JSON Lines (`hello` with the session id, `held`, `released`); its response streams the
 * page's commands back (`rules`, `release`). When it ends (the page or the collector went away,
 * a collector that takes no breakpoints answered 404), every held message goes on as it was,
 * with a note, and the breakpoints are cleared: the relay passes bytes as they come again.
 */
export class BreakpointLink {
  private link: ClientRequest | undefined;

  constructor(
    private readonly breakpoints: Breakpoints,
    private readonly capture: Capture,
  ) {
    breakpoints.onHeld = (info) => this.send({ type: 'held', ...info });
    breakpoints.onReleased = (id, how) => this.send({ type: 'released', id, how });
  }

  /** Opens the channel to this collector (the live push found it); one at a time. */
  open(rendezvous: Rendezvous): void {
    if (this.link !== undefined) return;
    const link = request({
      host: '127.0.0.1',
      port: rendezvous.port,
      method: 'POST',
      path: BREAKPOINT_LINK_PATH,
      headers: {
        authorization: `Bearer ${rendezvous.token}`,
        'content-type': 'application/x-ndjson',
        'transfer-encoding': 'chunked',
      },
    });
    this.link = link;
    let gone = false;
    const end = (): void => {
      if (gone) return;
      gone = true;
      if (this.link === link) this.link = undefined;
      const hadRules = this.breakpoints.active;
      this.breakpoints.setRules([]);
      if (this.breakpoints.heldCount > 0) this.breakpoints.releaseAll('the page that held it went away');
      else if (hadRules) this.capture.note('breakpoint: the page went away; its breakpoints are cleared');
    };
    link.on('error', end);
    link.on('close', end);
    link.once('socket', (socket) => socket.unref());
    link.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        link.destroy();
        return;
      }
      const lines = new LineSplitter(
        (line) => this.command(line),
        () => undefined,
        MAX_COMMAND_BYTES,
      );
      response.on('data', (chunk: Buffer) => lines.push(chunk));
      response.on('end', () => link.destroy());
    });
    link.write(`${JSON.stringify({ type: 'hello', session: this.capture.info.id })}\n`);
  }

  close(): void {
    this.link?.destroy();
  }

  private send(event: Record<string, unknown>): void {
    const link = this.link;
    if (link === undefined || link.destroyed) return;
    if (link.writableLength > MAX_UNSENT_BYTES) {
      // The page cannot keep up: better it loses this link than the host waits on it.
      link.destroy();
      return;
    }
    link.write(`${JSON.stringify(event)}\n`);
  }

  private command(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const command = value as { type?: unknown; rules?: unknown; holdLimitMs?: unknown; id?: unknown };
    if (command.type === 'rules' && Array.isArray(command.rules)) {
      const limit = typeof command.holdLimitMs === 'number' ? command.holdLimitMs : undefined;
      this.breakpoints.setRules(command.rules.filter(isRule), limit);
      return;
    }
    if (command.type === 'release' && typeof command.id === 'number') {
      const release = releaseCommand(value as Record<string, unknown>);
      const problem = release === undefined ? 'not a command' : this.breakpoints.release(command.id, release);
      if (problem !== undefined) this.send({ type: 'refused', id: command.id, problem });
    }
  }
}

function isRule(value: unknown): value is BreakpointRule {
  if (typeof value !== 'object' || value === null) return false;
  const rule = value as Record<string, unknown>;
  return (
    typeof rule.id === 'string' &&
    typeof rule.text === 'string' &&
    typeof rule.method === 'string' &&
    (rule.name === undefined || typeof rule.name === 'string') &&
    (rule.from === undefined || rule.from === 'host' || rule.from === 'server') &&
    (rule.answer === undefined || typeof rule.answer === 'boolean') &&
    (rule.once === undefined || typeof rule.once === 'boolean')
  );
}

function releaseCommand(value: Record<string, unknown>): ReleaseCommand | undefined {
  switch (value.action) {
    case 'forward':
      return { action: 'forward', ...(value.message === undefined ? {} : { message: value.message }) };
    case 'drop':
      return { action: 'drop' };
    case 'answer': {
      const error = value.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
      if (error !== undefined) {
        if (typeof error.code !== 'number' || typeof error.message !== 'string') return undefined;
        return {
          action: 'answer',
          error: {
            code: error.code,
            message: error.message,
            ...(error.data === undefined ? {} : { data: error.data }),
          },
        };
      }
      return { action: 'answer', result: value.result };
    }
    default:
      return undefined;
  }
}
