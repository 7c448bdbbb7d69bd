import { terminalJson, visibleControls } from '../../shared/terminalText.js';
import type { VerbFailure } from '../session/exitCodes.js';

/** Where a verb writes: stdout for results, stderr for everything else (see /work/shared/cli.md). */
export interface OutputStreams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export interface OutputSettings {
  json: boolean;
  quiet: boolean;
  serverStderr: boolean;
  /** `--raw` (call, read, prompt): the result's lines on stdout as the server sent them. */
  raw?: boolean;
}

/**
 * A verb's two streams and their conventions: results on stdout (readable, or one JSON document
 * with `--json`); progress, log messages, task status and notices on stderr, silenced by
 * `--quiet`; errors on stderr always (one JSON line with `--json`). Colour only on a terminal,
 * never with NO_COLOR set. Everything written holds text from outside (the server's names,
 * results, errors, stderr; a file's), so it goes through visibleControls first, and only then gets
 * our own colours: a server's escape sequences are shown, not obeyed. `--raw` leaves the result's
 * lines alone, for a person who wants the bytes.
 */
export class VerbOutput {
  private readonly colour: boolean;

  constructor(
    readonly settings: OutputSettings,
    private readonly streams: OutputStreams = {
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
    },
  ) {
    this.colour = streams.stderr.isTTY === true && !('NO_COLOR' in streams.env);
  }

  get json(): boolean {
    return this.settings.json;
  }

  /** The verb's readable result: lines for stdout. */
  lines(lines: readonly string[]): void {
    if (lines.length === 0) return;
    const text = lines.join('\n');
    this.out(`${this.settings.raw === true ? text : visibleControls(text)}\n`);
  }

  /** The verb's result with `--json`: exactly one document. */
  document(value: unknown): void {
    this.out(`${terminalJson(JSON.stringify(value, null, 2))}\n`);
  }

  /** Progress, task status, what was answered on the person's behalf: stderr, unless quiet. */
  notice(line: string): void {
    if (!this.settings.quiet) this.err(`${this.dim(visibleControls(line))}\n`);
  }

  /** A problem that does not end the verb (a bad stdout line, a schema the checker cannot use). */
  warning(line: string): void {
    if (!this.settings.quiet) this.err(`${this.paint('33', 'warning:')} ${visibleControls(line)}\n`);
  }

  /** A notifications/message from the server. */
  log(params: Record<string, unknown>): void {
    if (this.settings.quiet) return;
    const level = typeof params.level === 'string' ? params.level : 'info';
    const logger = typeof params.logger === 'string' ? ` ${params.logger}:` : '';
    const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
    this.err(`${this.dim(visibleControls(`[log ${level}]`))}${visibleControls(`${logger} ${data}`)}\n`);
  }

  /** A line of the server's own stderr, when asked for with --server-stderr. */
  serverStderr(line: string): void {
    if (this.settings.serverStderr) this.err(`${this.dim('server │')} ${visibleControls(line)}\n`);
  }

  /** How the verb failed: always said, as one JSON line with `--json`. */
  failure(failure: VerbFailure): void {
    if (this.settings.json) {
      const error = {
        exitCode: failure.exitCode,
        kind: failure.kind,
        message: failure.message,
        ...(failure.details.length > 0 ? { details: failure.details } : {}),
      };
      this.err(`${terminalJson(JSON.stringify({ error }))}\n`);
      return;
    }
    const details = failure.details.map((line) => `  ${line}\n`).join('');
    this.err(`${this.paint('31', 'error:')} ${visibleControls(`${failure.message}\n${details}`)}`);
  }

  /**
   * Progress: on a terminal, one line rewritten in place (the next line of anything else replaces
   * it); elsewhere, a line each, as a log reads.
   */
  progress(line: string): void {
    if (this.settings.quiet) return;
    if (this.streams.stderr.isTTY !== true) {
      this.notice(line);
      return;
    }
    this.clearProgress();
    this.streams.stderr.write(this.dim(visibleControls(line)));
    this.progressShown = true;
  }

  private progressShown = false;

  private clearProgress(): void {
    if (!this.progressShown) return;
    this.progressShown = false;
    this.streams.stderr.write('\r\u001b[K');
  }

  private out(text: string): void {
    this.clearProgress();
    this.streams.stdout.write(text);
  }

  private err(text: string): void {
    this.clearProgress();
    this.streams.stderr.write(text);
  }

  private dim(text: string): string {
    return this.paint('2', text);
  }

  private paint(code: string, text: string): string {
    return this.colour ? `\u001b[${code}m${text}\u001b[0m` : text;
  }
}
