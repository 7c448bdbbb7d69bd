import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DEFAULT_HOLD_LIMIT_SECONDS,
  type BreakpointRuleView,
  type BreakpointRulesRequest,
  type BreakpointsState,
  type HeldMessageView,
  type ReleaseRequest,
} from '../../shared/breakpointWire.js';
import { LineSplitter } from '../targets/lineSplitter.js';
import { CaptureCollector } from './captureCollector.js';

/** Proxies linked at once (as many as may push). */
const MAX_LINKS = 64;
/** Held messages kept per link; the proxy holds no more than 100 either. */
const MAX_HELD_PER_LINK = 100;
/** A proxy's event line: a held message is at most 4 MB, its JSON a little more. */
const MAX_EVENT_BYTES = 16 * 1024 * 1024;
/** Releases remembered for the page. */
const RECENT = 50;

interface Link {
  session: string | undefined;
  res: ServerResponse;
  held: Map<number, HeldMessageView & { at: number }>;
}

/**
 * The bridge's end of breakpoints: the rules the person set (one set for every proxied session),
 * the proxies' links (breakpointLink.ts: each proxy's events in, the page's commands out), and
 * what they hold. The page reads `state()` and decides through `release()`; the proxy enforces
 * the hold limit itself, so nothing here can leave a host hanging. A link that closes takes its
 * held messages with it (its proxy forwards them as they were).
 */
export class BreakpointHub {
  private rules: BreakpointRuleView[] = [];
  private holdLimitSeconds = DEFAULT_HOLD_LIMIT_SECONDS;
  private readonly links = new Set<Link>();
  private readonly recent: BreakpointsState['recent'] = [];
  private collector: CaptureCollector | undefined;
  /** Whether this hub started its collector, and so closes it. */
  private ownsCollector = false;

  /** Starts the collector proxies find through the rendezvous file, taking their links. */
  static async start(options: { rendezvousFile?: string } = {}): Promise<BreakpointHub> {
    const hub = new BreakpointHub();
    hub.collector = await CaptureCollector.start({
      ...options,
      onBreakpointLink: (req, res) => hub.accept(req, res),
    });
    hub.ownsCollector = true;
    return hub;
  }

  /**
   * A hub for a collector someone else starts and closes (the bridge's capture feed), which
   * passes it the proxies' links through `accept`; `useCollector` gives it the session records.
   */
  static detached(): BreakpointHub {
    return new BreakpointHub();
  }

  useCollector(collector: CaptureCollector): void {
    this.collector = collector;
  }

  state(): BreakpointsState {
    const now = Date.now();
    const held: HeldMessageView[] = [];
    for (const link of this.links)
      for (const { at, ...view } of link.held.values()) held.push({ ...view, heldForMs: now - at });
    held.sort((a, b) => b.heldForMs - a.heldForMs);
    return {
      rules: this.rules,
      holdLimitSeconds: this.holdLimitSeconds,
      held,
      sessions: [...this.links].flatMap((link) => (link.session === undefined ? [] : [link.session])),
      recent: [...this.recent],
    };
  }

  setRules(request: BreakpointRulesRequest): void {
    this.rules = request.rules;
    this.holdLimitSeconds = request.holdLimitSeconds;
    for (const link of this.links) this.sendRules(link);
  }

  /** Passes a decision to the proxy holding the message; a sentence when none holds it. */
  release(request: ReleaseRequest): string | undefined {
    const link = [...this.links].find((each) => each.session === request.session);
    if (link === undefined || !link.held.has(request.held)) return 'this message is no longer held';
    const held = link.held.get(request.held);
    if (held?.deciding) return 'a decision on this message is on its way already';
    if (held) {
      held.deciding = true;
      delete held.problem;
    }
    link.res.write(`${JSON.stringify({ type: 'release', id: request.held, ...request.decision })}\n`);
    return undefined;
  }

  async close(): Promise<void> {
    for (const link of this.links) link.res.end();
    if (this.ownsCollector) await this.collector?.close();
  }

  /** One proxy's link: its events in the request body, the page's commands in the response. */
  accept(req: IncomingMessage, res: ServerResponse): void {
    if (this.links.size >= MAX_LINKS) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('too many proxies at once\n');
      return;
    }
    const link: Link = { session: undefined, res, held: new Map() };
    this.links.add(link);
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.flushHeaders();
    const lines = new LineSplitter(
      (line) => this.event(link, line),
      () => undefined,
      MAX_EVENT_BYTES,
    );
    req.on('data', (chunk: Buffer) => lines.push(chunk));
    req.once('close', () => {
      this.links.delete(link);
      if (!res.writableEnded) res.end();
    });
  }

  private event(link: Link, line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const event = value as Record<string, unknown>;
    if (event.type === 'hello' && typeof event.session === 'string' && link.session === undefined) {
      link.session = event.session.slice(0, 256);
      this.sendRules(link);
      return;
    }
    if (link.session === undefined || typeof event.id !== 'number') return;
    if (event.type === 'held') {
      if (link.held.size >= MAX_HELD_PER_LINK) return;
      const rule = typeof event.rule === 'string' ? event.rule : '';
      const message = event.message;
      const inputSchema = this.toolSchemaFor(link.session, message);
      link.held.set(event.id, {
        session: link.session,
        held: event.id,
        from: event.from === 'server' ? 'server' : 'host',
        kind: event.kind === 'answer' ? 'answer' : 'message',
        rule,
        message,
        at: typeof event.at === 'number' ? event.at : Date.now(),
        heldForMs: 0,
        limitMs: typeof event.limitMs === 'number' ? event.limitMs : this.holdLimitSeconds * 1000,
        ...(inputSchema === undefined ? {} : { inputSchema }),
      });
      // "Hold the next": the first hold spends the rule for every session.
      if (this.rules.some((each) => each.id === rule && each.once)) {
        this.rules = this.rules.filter((each) => each.id !== rule);
        for (const other of this.links) this.sendRules(other);
      }
      return;
    }
    if (event.type === 'released') {
      const released = link.held.get(event.id);
      link.held.delete(event.id);
      this.recent.push({
        session: link.session,
        held: event.id,
        what: released === undefined ? `message ${event.id}` : summary(released),
        how: typeof event.how === 'string' ? event.how : 'released',
        at: Date.now(),
      });
      if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
      return;
    }
    if (event.type === 'refused') {
      const held = link.held.get(event.id);
      if (held && typeof event.problem === 'string') {
        held.problem = event.problem;
        held.deciding = false;
      }
    }
  }

  private sendRules(link: Link): void {
    if (link.session === undefined) return;
    const rules = this.rules.map((rule) => ({ ...rule, text: ruleText(rule) }));
    link.res.write(
      `${JSON.stringify({ type: 'rules', rules, holdLimitMs: this.holdLimitSeconds * 1000 })}\n`,
    );
  }

  /** A held tools/call's tool schema, from the last tool list the collector kept of the session. */
  private toolSchemaFor(session: string, message: unknown): unknown {
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (call?.method !== 'tools/call' || typeof call.params?.name !== 'string') return undefined;
    const records = this.collector?.records(session) ?? [];
    for (let index = records.length - 1; index >= 0; index -= 1) {
      const text = records[index] ?? '';
      if (!text.includes('"tools"') || !text.includes('"fromServer"')) continue;
      try {
        const record = JSON.parse(text) as { message?: { result?: { tools?: unknown } } };
        const tools = record.message?.result?.tools;
        if (!Array.isArray(tools)) continue;
        const tool = tools.find((each: { name?: unknown }) => each?.name === call.params?.name) as
          { inputSchema?: unknown } | undefined;
        if (tool) return tool.inputSchema;
      } catch {
        // A record cut short: look further back.
      }
    }
    return undefined;
  }
}

/** A held message in a few words: `tools/call echo (id 3) from the host`. */
function summary(held: HeldMessageView): string {
  const message = held.message as { id?: unknown; method?: unknown; params?: { name?: unknown } } | null;
  const id = message?.id === undefined ? '' : ` (id ${JSON.stringify(message.id)})`;
  if (held.kind === 'answer') return `the answer to request${id} from the ${held.from}`;
  const name = typeof message?.params?.name === 'string' ? ` ${message.params.name}` : '';
  return `${String(message?.method)}${name}${id} from the ${held.from}`;
}

/** How a rule reads, in the capture's notes and the page: the `--inject` matcher's words. */
export function ruleText(rule: BreakpointRuleView): string {
  const words = [rule.method];
  if (rule.name !== undefined) words.push(`name=${rule.name}`);
  if (rule.from !== undefined) words.push(`from=${rule.from}`);
  if (rule.answer) words.push('(its answer)');
  return words.join(' ');
}
