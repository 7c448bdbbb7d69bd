import type { Command } from 'commander';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import type { RecordOut } from '../relay/envelopeText.js';
import type { ElicitPlan } from '../session/answers/elicitPlan.js';
import type { LoadedCollection } from '../session/collectionFile.js';
import type { Answerer } from '../../shared/core/index.js';
import type { LogLevel } from '../../shared/core/logLevels.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import type { SessionContext } from './run/verbContext.js';
import type { VerbName } from './verbNames.js';
import type { VerbOutput } from './verbOutput.js';

/**
 * A headless verb, whole: its name, what its help says, its own options read into its own request,
 * and how it runs. Each lives in a folder of its own (server/verbs/<verb>/, as gh keeps
 * pkg/cmd/<verb>/) and is registered by one line in verbTable.ts. The options every verb shares
 * (the target, OAuth, answers, output) are declared and read once, in verbOptions.ts.
 */
export interface VerbShape {
  /** The verb's own argument, if it takes one. */
  subject?: { name: string; description: string; optional?: boolean };
  /** A second, optional argument (diff's `[b]`). */
  secondSubject?: { name: string; description: string };
  description: string;
  /** Takes `--arg`/`--args` (shared: read with toolArguments.ts's argumentsOf). */
  takesArguments?: boolean;
  /** Takes `--save-media` and `--raw`. */
  savesMedia?: boolean;
  /** Serves no target of its own (mock): a server command or --url is a usage error. */
  noTarget?: boolean;
  examples: string[];
}

/** What every verb's command line says, read once for all of them. */
export interface SharedRequest {
  verb: VerbName;
  target: TargetSpec;
  /** OAuth is on for this URL target: any OAuth option, or --oauth, turns it on. */
  oauth?: OAuthSettings;
  /** `--oauth-auto-consent`: follow the authorization page's redirects instead of waiting for a person. */
  oauthAutoConsent: boolean;
  json: boolean;
  quiet: boolean;
  serverStderr: boolean;
  /** `--raw` (call, read, prompt): the result's text as sent, control characters and all. */
  raw: boolean;
  /** `--traffic`: the file, opened for writing. */
  traffic?: { path: string; fd: number };
  timeoutMs: number;
  logLevel?: LogLevel;
  saveMedia?: string;
  elicit: ElicitPlan;
  samplingReply?: string;
  roots: string[];
  /** The collection the verb runs (test, eval, `parity --collection`), read and checked. */
  collection?: LoadedCollection;
  /**
   * The server a file names (a collection's `target`, a `--config` entry), in a line said on
   * stderr before it starts: a file can name any command or URL.
   */
  serverLine?: string;
}

/** One verb's request: the shared part and its own. */
export type VerbRequest<Own extends object = object> = SharedRequest & Own;

/** What a verb's own request is read from. */
export interface OwnInput<Raw> {
  /** Every option as commander read it: the verb reads its own (and any shared one it depends on). */
  options: Raw & { json?: boolean };
  subject?: string | undefined;
  second?: string | undefined;
  /** A server was named: a command after --, --url or --config. */
  serverGiven: boolean;
  env: NodeJS.ProcessEnv;
  /** A usage error (exit 1). */
  fail: (message: string) => never;
}

/** How a verb runs over one connected session. */
export interface SessionPlan {
  /** Answers the server's requests instead of the command line's answers (test's and eval's items). */
  answerer?: Answerer;
  /** Sees every traffic record as it passes (lint's watch). */
  seeRecord?(record: RecordOut): void;
  run(context: SessionContext): Promise<void> | void;
}

/** A verb runs apart from one connected session (files compared, a recording served, two eras): its exit code. */
export type ApartRun = (out: VerbOutput) => Promise<number> | number;

export interface VerbDefinition<Own extends object, Raw, Name extends VerbName> {
  name: Name;
  shape: VerbShape;
  /** Its own options, listed before the output options in its help. */
  options?(program: Command): void;
  /** Its own options among the session's, listed after `--arg`/`--args` in its help. */
  sessionOptions?(program: Command): void;
  /** The collection file this command line runs, whose target is the server unless one is given. */
  collectionFile?(subject: string | undefined, options: Raw): string | undefined;
  /** Its own options, read and checked: a usage error fails before any server starts. */
  request(input: OwnInput<Raw>): Own;
  /** Its output is one document whatever `--json` says (lint's --format json and sarif). */
  printsDocument?(own: Own): boolean;
  /** Files it writes, opened once every option passed (test's reporters). */
  openFiles?(own: Own, fail: (message: string) => never): void;
  /** When it runs apart from one session, how (its code loaded then). */
  apart?(request: VerbRequest<Own>): ApartRun | undefined;
  /** How it runs over one session (its code loaded then); absent for a verb that always runs apart. */
  session?(request: VerbRequest<Own>): Promise<SessionPlan>;
}

/** A verb's command line, read: the request, and how it runs. */
export type VerbCommand = VerbRequest & {
  readonly runs: {
    apart(): ApartRun | undefined;
    session(): Promise<SessionPlan>;
    openFiles(fail: (message: string) => never): void;
  };
};

/** A verb as the table holds it: its types kept inside (each verb's request is its own). */
export interface Verb<Name extends VerbName = VerbName> {
  name: Name;
  shape: VerbShape;
  options?(program: Command): void;
  sessionOptions?(program: Command): void;
  collectionFile?(subject: string | undefined, options: object): string | undefined;
  read(shared: SharedRequest, input: OwnInput<object>): VerbCommand;
}

export function defineVerb<Own extends object, Raw extends object = object, Name extends VerbName = VerbName>(
  definition: VerbDefinition<Own, Raw, Name>,
): Verb<Name> {
  const { name, shape, options, sessionOptions, collectionFile } = definition;
  return {
    name,
    shape,
    ...(options ? { options } : {}),
    ...(sessionOptions ? { sessionOptions } : {}),
    // The raw options are commander's, read by the verb's own declaration of them.
    ...(collectionFile ? { collectionFile: (subject, raw) => collectionFile(subject, raw as Raw) } : {}),
    read(shared, input) {
      const own = definition.request(input as OwnInput<Raw>);
      const request: VerbRequest<Own> = {
        ...shared,
        ...own,
        json: shared.json || definition.printsDocument?.(own) === true,
      };
      const runs: VerbCommand['runs'] = {
        apart: () => definition.apart?.(request),
        session: () => {
          if (!definition.session) throw new Error(`${name} does not run over one session`);
          return definition.session(request);
        },
        openFiles: (fail) => definition.openFiles?.(own, fail),
      };
      // One object: a change of the shared part (main.ts takes over an early server) is the run's.
      return Object.assign(request, { runs });
    },
  };
}
