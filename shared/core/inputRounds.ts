import type { CreateMessageRequest, ElicitRequest } from '@modelcontextprotocol/client';
import type { Answerer, AskOrigin } from './answerer.js';
import type { AbortSignalLike } from './platform.js';

/** A result that asks for input instead of answering (MCP 2026-07-28 multi round-trip requests). */
export interface InputRequiredResult {
  resultType: 'input_required';
  inputRequests: Record<string, { method: string; params?: unknown }>;
  requestState?: string;
}

export function isInputRequired(result: unknown): result is InputRequiredResult {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as { resultType?: unknown }).resultType === 'input_required' &&
    typeof (result as { inputRequests?: unknown }).inputRequests === 'object'
  );
}

/** The answerer refused something the server asked (a sampling reply), so the call ends here. */
export class InputRefused extends Error {}

/** Who answers one round's asks, and what to tie them to. */
export interface InputAnswering {
  answerer: Answerer;
  signal: AbortSignalLike;
  origin: (key: string) => AskOrigin;
}

/** A server that keeps asking is stopped here rather than asking forever. */
const MAX_ROUNDS = 50;

/**
 * Puts each of a round's input requests to the answerer (an elicitation, a sampling reply),
 * answers `roots/list` from its roots, and resolves with the answers under the server's keys
 * once all are in.
 */
export async function answerInputRequests(
  inputRequests: InputRequiredResult['inputRequests'],
  { answerer, signal, origin }: InputAnswering,
): Promise<Record<string, unknown>> {
  const entries = Object.entries(inputRequests);
  const answers = await Promise.all(
    entries.map(async ([key, request]): Promise<unknown> => {
      switch (request.method) {
        case 'elicitation/create':
          return answerer.elicit(request.params as ElicitRequest['params'], { signal, origin: origin(key) });
        case 'sampling/createMessage':
          try {
            return await answerer.sample(request.params as CreateMessageRequest['params'], {
              signal,
              origin: origin(key),
            });
          } catch (error) {
            if (signal.aborted) throw error;
            throw new InputRefused(
              `You rejected the server's sampling request "${key}", so the call ended without a retry (${(error as Error).message}).`,
            );
          }
        case 'roots/list':
          return { roots: answerer.roots() };
        default:
          throw new InputRefused(
            `The server asked for input of a kind mcp-inspect cannot answer ("${request.method}" under "${key}"), so the call ended without a retry.`,
          );
      }
    }),
  );
  return Object.fromEntries(entries.map(([key], index) => [key, answers[index]]));
}

/** Told when a round waits for the answerer and when its answers are in (a call's status and timer). */
export interface RoundHooks {
  asking?: (round: number) => void;
  answered?: (round: number) => void;
}

/**
 * Sends a request that may be answered `input_required` (tools/call, prompts/get, resources/read
 * in 2026-07-28) and drives its rounds: each round's asks go to the answerer, then the request is
 * sent again with the answers under the server's keys and its `requestState`, until it
 * completes. `send` makes one request with the extra params of a retry.
 */
export async function withInputRounds<T>(
  send: (retry: Record<string, unknown>) => Promise<unknown>,
  answering: (round: number) => InputAnswering,
  hooks: RoundHooks = {},
): Promise<T> {
  let retry: Record<string, unknown> = {};
  for (let round = 1; ; round += 1) {
    const result = await send(retry);
    if (!isInputRequired(result)) return result as T;
    if (round >= MAX_ROUNDS) {
      throw new InputRefused(
        `The server asked for input ${round} times in a row; mcp-inspect stopped there.`,
      );
    }
    // The request is over; the next round is a new request, sent when the answers are in.
    hooks.asking?.(round);
    const inputResponses = await answerInputRequests(result.inputRequests, answering(round));
    hooks.answered?.(round);
    // The retry carries the answers under the server's keys and its requestState byte for byte.
    retry = {
      inputResponses,
      ...(result.requestState === undefined ? {} : { requestState: result.requestState }),
    };
  }
}
