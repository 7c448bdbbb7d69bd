import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ProtocolError,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  type Root,
} from '@modelcontextprotocol/client';
import type { Answerer, AskContext } from '../../../shared/core/index.js';
import { elicitResult, type ElicitPlan } from './elicitPlan.js';
import { askInTerminal, type TerminalIo } from './terminalForm.js';

/** MCP's suggested code for a refused sampling request. */
const USER_REJECTED = -1;

export interface CliAnswers {
  elicit: ElicitPlan;
  /** The text of every sampling reply; without it, sampling requests are declined. */
  samplingReply?: string | undefined;
  /** `--root` values: URIs, or paths made into file:// URIs. */
  roots: readonly string[];
  /** The person's terminal, when there is one to ask on; else unanswered questions are declined. */
  terminal?: TerminalIo | undefined;
  /** Says on stderr what was answered on the person's behalf. */
  notice: (line: string) => void;
}

/**
 * Who answers a server's questions in the terminal: the command line's flags, else the person at
 * the terminal, else a decline, said on stderr. One answerer for both eras: a legacy server's own
 * requests and a modern server's input rounds come through the same methods (the core routes
 * them), a round's ask with the key the server gave it.
 */
export function cliAnswerer(answers: CliAnswers): Answerer {
  const roots = answers.roots.map(rootOf);
  let asking: Promise<unknown> = Promise.resolve();
  return {
    elicit: async (params: ElicitRequest['params'], context: AskContext): Promise<ElicitResult> => {
      const key = context.origin?.key;
      const planned = (key === undefined ? undefined : answers.elicit.byKey.get(key)) ?? answers.elicit.all;
      const requestedSchema = (params as { requestedSchema?: unknown }).requestedSchema;
      // A URL-mode question is accepted by going there: its answer carries no content.
      if (planned?.action === 'accept' && (params as { mode?: string }).mode === 'url')
        return { action: 'accept' };
      if (planned) return elicitResult(planned, requestedSchema);
      const terminal = answers.terminal;
      if (!terminal) {
        answers.notice(
          `declined the server's question "${params.message}"${key === undefined ? '' : ` (${key})`}: no terminal to ask on; answer it with --elicit '<json>'${key === undefined ? '' : ` or --elicit ${key}='<json>'`}`,
        );
        return { action: 'decline' };
      }
      // One question at a time on one terminal: a round may ask several at once.
      const turn = asking.then(() => askInTerminal(params, terminal, context.signal as AbortSignal));
      asking = turn.catch(() => undefined);
      return turn;
    },
    sample: async (params: CreateMessageRequest['params']): Promise<CreateMessageResult> => {
      if (answers.samplingReply === undefined) {
        answers.notice(
          'declined the server\'s sampling request: pass --sampling-reply "<text>" to answer it',
        );
        throw new ProtocolError(
          USER_REJECTED,
          'mcp-inspect declined the sampling request (no --sampling-reply)',
        );
      }
      void params;
      return {
        role: 'assistant',
        content: { type: 'text', text: answers.samplingReply },
        model: 'mcp-inspect --sampling-reply',
        stopReason: 'endTurn',
      };
    },
    roots: () => roots,
  };
}

/** A `--root` value: a URI as given, or a path (relative to here) as a file:// URI. */
export function rootOf(value: string): Root {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    const name = basename(new URL(value).pathname);
    return name ? { uri: value, name } : { uri: value };
  }
  const url = pathToFileURL(value);
  return { uri: url.href, name: basename(url.pathname) };
}
