import type { TransportKind } from '../../shared/wire.js';
import type { TargetSpec } from './targetSpec.js';
import type { TargetConnection, TargetExit } from './target.js';

/** Lines of a stdio server's stderr kept for the page's account of an exit or a failure. */
const STDERR_TAIL_LINES = 20;
/** How many of those the terminal gets when a server fails; the page has them all. */
const TERMINAL_STDERR_LINES = 10;

/**
 * The last lines a run of the target wrote to stderr: why a server failed is usually there, so
 * they go with its exit, to the page (in the state record, and with each request the exit fails)
 * and to the terminal.
 */
export class StderrTail {
  private tail: string[] = [];

  push(line: string): void {
    this.tail.push(line);
    if (this.tail.length > STDERR_TAIL_LINES) this.tail.shift();
  }

  clear(): void {
    this.tail = [];
  }

  /** A copy, for a record that outlives the next line. */
  lines(): string[] {
    return [...this.tail];
  }
}

/** The terminal's line for a target that connected. */
export function connectedLine(target: TargetConnection): string {
  const { note, pid } = target;
  return `● connected over ${transportName(target.kind)}${pid === undefined ? '' : ` (pid ${pid})`}${note ? `: ${note}` : ''}`;
}

/**
 * The terminal's lines for a target that ended on its own; a server that failed also gets its
 * last stderr lines (masked where they were recorded: see secretMask).
 */
export function logExit(log: (line: string) => void, exit: TargetExit, stderrTail: string[]): void {
  log(`${exit.reason !== undefined ? '✖' : '●'} ${exit.reason ?? `the MCP server ${describeExit(exit)}`}`);
  if (exit.code === 0 || stderrTail.length === 0) return;
  const shown = stderrTail.slice(-TERMINAL_STDERR_LINES);
  log(`  its last ${shown.length === 1 ? 'line' : `${shown.length} lines`} on stderr:`);
  for (const line of shown) log(`  │ ${line}`);
}

/** How a target ended, in words that follow "The MCP server". */
export function describeExit(exit: TargetExit): string {
  if (exit.reason !== undefined) return `failed: ${exit.reason}`;
  if (exit.signal) return `was ended by ${exit.signal}`;
  if (exit.code !== null) return `exited with code ${exit.code}`;
  return 'closed the connection';
}

function transportName(kind: TransportKind): string {
  return kind === 'stdio' ? 'stdio' : kind === 'sse' ? 'SSE' : 'Streamable HTTP';
}

/**
 * The one mask of what a server prints about itself (its stderr lines, a stdout line that is not
 * JSON-RPC): the values of the person's variables and headers replaced by `****`, since the bridge
 * never shows them and a server may well print its own configuration. Applied where those lines
 * are recorded (targetRuns.ts), so the page, its exports, `--traffic` files, the terminal and the
 * verbs' failures all get the same masked text, and none can forget it.
 */
export function secretMask(spec: TargetSpec): (text: string) => string {
  const values = Object.values(spec.kind === 'stdio' ? spec.env : spec.headers)
    // Very short values would mask ordinary words and tell little anyway.
    .filter((value) => value.length >= 4)
    // The longest first: a value that holds another is masked whole.
    .sort((a, b) => b.length - a.length);
  if (values.length === 0) return (text) => text;
  return (text) =>
    values.reduce(
      (masked, value) => (masked.includes(value) ? masked.split(value).join('****') : masked),
      text,
    );
}
