import type { Capture, CaptureDirection } from './capture.js';
import { matchRule, type InjectSide, type MessageMatch } from './injectRules.js';

/**
 * Breakpoints a person sets in the page (docs/capture.md, "Breakpoints"): a message that
 * matches one is held by the proxy until the person forwards it (as it was or edited), drops it
 * or answers it, or until the hold limit passes (then it goes on as it was). A rule matches as an
 * `--inject` rule does (the same matcher); it holds the message itself, or with `answer` the
 * answer to the request it matches. Every change is marked in the capture: a note, and a
 * synthetic frame for what the person wrote. Only Node's modules and the proxy's own: the proxy
 * loads this.
 */
export interface BreakpointRule extends MessageMatch {
  /** The page's id for the rule, reported with what it held. */
  id: string;
  /** Hold the answer to the matching request instead of the request. */
  answer?: boolean;
  /** Hold the next match only (the page removes the rule once it held something). */
  once?: boolean;
}

/** What the person decided for a held message. */
export type ReleaseCommand =
  | { action: 'forward'; message?: unknown }
  | { action: 'drop' }
  | { action: 'answer'; result?: unknown; error?: { code: number; message: string; data?: unknown } };

/** A held message, as the page is told of it. */
export interface HeldInfo {
  id: number;
  /** When it was held (ms since the epoch). */
  at: number;
  from: InjectSide;
  /** `message`: a request or notification; `answer`: the answer to a request. */
  kind: 'message' | 'answer';
  rule: string;
  message: unknown;
  /** When it goes on by itself, ms after `at`. */
  limitMs: number;
}

/** How a transport carries out what was decided for one held message. */
export interface HoldActions {
  /** Pass it on: its own bytes (no text), or this text in their place. */
  forward(text?: string): void;
  /** Write this answer back to whoever sent the held message. */
  answerBack(text: string): void;
  /** Never pass it on. */
  drop(): void;
}

export const DEFAULT_HOLD_LIMIT_MS = 60_000;
/** The page may set a longer limit, but not this much: the host must not be left hanging. */
export const MAX_HOLD_LIMIT_MS = 10 * 60_000;
/** Messages held at once; past it, a match passes on with a note. */
const MAX_HELD = 100;
/** A message larger than this is not held (it passes on with a note): held bytes stay bounded. */
const MAX_HELD_MESSAGE_BYTES = 4 * 1024 * 1024;

type Message = { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };

interface Held {
  info: HeldInfo;
  what: string;
  actions: HoldActions;
  timer: NodeJS.Timeout;
}

export class Breakpoints {
  private rules: BreakpointRule[] = [];
  private limitMs = DEFAULT_HOLD_LIMIT_MS;
  /** Requests whose answers a rule holds: `<side that asked>:<id>` → the rule. */
  private readonly answersToHold = new Map<string, BreakpointRule>();
  private readonly held = new Map<number, Held>();
  private nextId = 1;
  /** Told of each message held and each one released (the link to the page listens). */
  onHeld: (info: HeldInfo) => void = () => undefined;
  onReleased: (id: number, how: string) => void = () => undefined;

  constructor(private readonly capture: Capture) {}

  /** Whether a relay has to look at messages (else it passes bytes as they come). */
  get active(): boolean {
    return this.rules.length > 0 || this.answersToHold.size > 0;
  }

  get heldCount(): number {
    return this.held.size;
  }

  setRules(rules: readonly BreakpointRule[], limitMs: number = DEFAULT_HOLD_LIMIT_MS): void {
    this.rules = [...rules];
    this.limitMs = Math.min(Math.max(limitMs, 0), MAX_HOLD_LIMIT_MS);
    if (this.rules.length === 0) this.answersToHold.clear();
  }

  /**
   * Looks at one message a relay is about to pass on; true when it is held (the relay then does
   * nothing more with it: `actions` will). `bytes` is its size as it travelled.
   */
  consider(message: Message, from: InjectSide, bytes: number, actions: HoldActions): boolean {
    const id = idKey(message.id);
    if (typeof message.method !== 'string') {
      if (id === undefined) return false;
      const key = `${other(from)}:${id}`;
      const rule = this.answersToHold.get(key);
      if (rule === undefined) return false;
      this.answersToHold.delete(key);
      return this.hold(message, from, 'answer', rule, bytes, actions);
    }
    const rule = matchRule(this.rules, message, from);
    if (rule === undefined) return false;
    if (rule.once) this.rules = this.rules.filter((each) => each !== rule);
    if (rule.answer) {
      if (id !== undefined) this.answersToHold.set(`${from}:${id}`, rule);
      return false;
    }
    return this.hold(message, from, 'message', rule, bytes, actions);
  }

  /** Carries out the person's decision; a sentence for them when it cannot be done. */
  release(id: number, command: ReleaseCommand): string | undefined {
    const held = this.held.get(id);
    if (held === undefined) return 'this message is no longer held';
    const { info, what } = held;
    const dir = direction(info.from);
    const sentId = (info.message as Message).id;
    const waited = `after ${seconds(Date.now() - info.at)}`;
    let how: string;
    switch (command.action) {
      case 'forward': {
        if (command.message === undefined) {
          this.capture.note(`breakpoint: ${what} forwarded as it was ${waited}`);
          this.settle(held);
          held.actions.forward();
          how = 'forwarded';
          break;
        }
        const problem = messageProblem(command.message);
        if (problem !== undefined) return problem;
        const text = JSON.stringify(command.message);
        this.capture.note(`breakpoint: ${what} edited by the person and forwarded ${waited}`, 'warning');
        this.capture.line(dir, text, Buffer.byteLength(text), { synthetic: true });
        this.settle(held);
        held.actions.forward(text);
        how = 'edited';
        break;
      }
      case 'drop':
        this.capture.note(`breakpoint: ${what} dropped by the person ${waited}`, 'warning');
        this.settle(held);
        held.actions.drop();
        how = 'dropped';
        break;
      case 'answer': {
        if (sentId === undefined || sentId === null) return 'a notification cannot be answered';
        const outcome =
          command.error !== undefined
            ? { error: command.error }
            : { result: command.result === undefined ? {} : command.result };
        const text = JSON.stringify({ jsonrpc: '2.0', id: sentId, ...outcome });
        const said =
          command.error !== undefined ? `with error ${command.error.code}` : 'with a result of their own';
        if (info.kind === 'answer') {
          // A held answer is replaced: the person's goes on to the one who asked.
          this.capture.note(`breakpoint: ${what} replaced by the person ${said} ${waited}`, 'warning');
          this.capture.line(dir, text, Buffer.byteLength(text), { synthetic: true });
          this.settle(held);
          held.actions.forward(text);
        } else {
          this.capture.note(`breakpoint: ${what} answered by the person ${said} ${waited}`, 'warning');
          this.capture.line(direction(other(info.from)), text, Buffer.byteLength(text), { synthetic: true });
          this.settle(held);
          held.actions.answerBack(text);
        }
        how = 'answered';
        break;
      }
    }
    this.onReleased(id, how);
    return undefined;
  }

  /** Every held message goes on as it was, at once (the page went away, the proxy ends). */
  releaseAll(why: string): void {
    for (const held of [...this.held.values()]) {
      this.capture.note(`breakpoint: ${held.what} forwarded as it was: ${why}`, 'warning');
      this.settle(held);
      held.actions.forward();
      this.onReleased(held.info.id, 'forwarded');
    }
  }

  private hold(
    message: Message,
    from: InjectSide,
    kind: HeldInfo['kind'],
    rule: BreakpointRule,
    bytes: number,
    actions: HoldActions,
  ): boolean {
    const what = describe(message, from, kind);
    const because = `(breakpoint "${rule.text}")`;
    if (this.held.size >= MAX_HELD || bytes > MAX_HELD_MESSAGE_BYTES) {
      const why =
        bytes > MAX_HELD_MESSAGE_BYTES
          ? `it is over ${MAX_HELD_MESSAGE_BYTES} bytes`
          : `${MAX_HELD} are held already`;
      this.capture.note(`breakpoint: ${what} not held, ${why}: passed on ${because}`, 'warning');
      return false;
    }
    const id = this.nextId++;
    const info: HeldInfo = { id, at: Date.now(), from, kind, rule: rule.id, message, limitMs: this.limitMs };
    const timer = setTimeout(() => {
      const held = this.held.get(id);
      if (held === undefined) return;
      this.capture.note(
        `breakpoint: ${what} held ${seconds(this.limitMs)}, the hold limit: forwarded as it was`,
        'warning',
      );
      this.settle(held);
      actions.forward();
      this.onReleased(id, 'limit');
    }, this.limitMs);
    timer.unref();
    this.held.set(id, { info, what, actions, timer });
    this.capture.note(`breakpoint: ${what} held ${because}`, 'warning');
    this.onHeld(info);
    return true;
  }

  private settle(held: Held): void {
    clearTimeout(held.timer);
    this.held.delete(held.info.id);
  }
}

/** Why what the person wrote cannot go on the wire as a JSON-RPC message, if it cannot. */
function messageProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the message must be a JSON object';
  if ((value as { jsonrpc?: unknown }).jsonrpc !== '2.0') return 'the message must have "jsonrpc": "2.0"';
  return undefined;
}

function describe(message: Message, from: InjectSide, kind: HeldInfo['kind']): string {
  const id = idKey(message.id);
  if (kind === 'answer') return `the answer to request ${id ?? '?'} from the ${from}`;
  const name = (message.params as { name?: unknown } | undefined)?.name;
  return `${String(message.method)}${typeof name === 'string' ? ` ${name}` : ''}${id === undefined ? '' : ` (id ${id})`} from the ${from}`;
}

function direction(from: InjectSide): CaptureDirection {
  return from === 'host' ? 'toServer' : 'fromServer';
}

function other(side: InjectSide): InjectSide {
  return side === 'host' ? 'server' : 'host';
}

function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? JSON.stringify(id) : undefined;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
