/**
 * The exit codes of the headless verbs: one table for every verb (/work/shared/cli.md). 1, 3, 4
 * and 5 mean what they mean in the official inspector's CLI, so scripts carry over.
 */
export const EXIT = {
  ok: 0,
  usage: 1,
  auth: 3,
  connect: 4,
  serverError: 5,
  /** `lint` found a finding of severity error (the official inspector's `--strict` uses 6 too). */
  lintError: 6,
  /** `diff` found a breaking change, or `parity` found the eras disagree. */
  breaking: 7,
  /** `test`: an expectation of a collection failed. */
  expectationFailed: 8,
  timeout: 9,
  /** Ctrl-C (SIGINT), SIGTERM or the terminal closing: the shell's convention, 128 + SIGINT. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * What went wrong, as scripts read it in the `--json` error line: one word per cause, stable
 * across releases. Several kinds share an exit code (the code says what to do, the kind why).
 */
export type FailureKind =
  | 'usage'
  | 'invalid-arguments'
  | 'auth'
  | 'connect'
  | 'server-exited'
  | 'tool-error'
  | 'unknown-tool'
  | 'rpc-error'
  | 'declined'
  | 'timeout'
  | 'lint-error'
  | 'integrity-error'
  | 'unknown-skill'
  | 'breaking-change'
  /** `diff`: a side's list failed, so the comparison is incomplete (exit 4). */
  | 'list-failed'
  | 'eras-differ'
  | 'expectation-failed'
  /** `eval`: the model provider refused the key (exit 3), or could not be used at all (exit 4). */
  | 'provider-auth'
  | 'provider-failed'
  | 'interrupted';

/** A verb's failure: the exit code, its kind, and words for the person. */
export class VerbFailure extends Error {
  constructor(
    readonly exitCode: ExitCode,
    readonly kind: FailureKind,
    message: string,
    /** More lines for the terminal (a server's last stderr lines, each problem of the arguments). */
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}

/** The table as `--help` shows it, and docs/verbs.md (generated from it). */
export const EXIT_CODE_HELP = `Exit codes (every verb):
  0  success
  1  usage, or arguments the tool's inputSchema rejects
  3  authorization needed or failed
  4  could not connect; the server failed to start or exited; a side's list failed (diff)
  5  the tool returned isError, the tool is unknown, or the server answered a JSON-RPC error
  6  lint found an error (lint)
  7  a breaking change, or the eras disagree (diff, parity)
  8  an expectation of a collection failed (test), an eval below its threshold (eval)
  9  timed out`;
