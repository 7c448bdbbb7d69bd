import type { CreateMessageRequest, ElicitRequest } from '@modelcontextprotocol/client';
import type { RootsStore } from '../../bridge/rootsStore';
import type { AskOrigin, ServerRequestQueue } from '../../bridge/serverRequests';

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

/** The person refused something the server asked (a sampling reply), so the call ends here. */
export class InputRefused extends Error {}

export interface InputAnswering {
  requests: ServerRequestQueue;
  roots: RootsStore;
  signal: AbortSignal;
  origin: (key: string) => AskOrigin;
}

/**
 * Puts each of a round's input requests to the person with the views the Requests tab has
 * (elicitation form or URL, a sampling reply), answers `roots/list` from the roots in the
 * connection settings, and resolves with the answers under the server's keys once all are in.
 */
export async function answerInputRequests(
  inputRequests: InputRequiredResult['inputRequests'],
  { requests, roots, signal, origin }: InputAnswering,
): Promise<Record<string, unknown>> {
  const entries = Object.entries(inputRequests);
  const answers = await Promise.all(
    entries.map(async ([key, request]): Promise<unknown> => {
      switch (request.method) {
        case 'elicitation/create':
          return requests.ask('elicitation', request.params as ElicitRequest['params'], signal, origin(key));
        case 'sampling/createMessage':
          try {
            return await requests.ask(
              'sampling',
              request.params as CreateMessageRequest['params'],
              signal,
              origin(key),
            );
          } catch (error) {
            if (signal.aborted) throw error;
            throw new InputRefused(
              `You rejected the server's sampling request "${key}", so the call ended without a retry (${(error as Error).message}).`,
            );
          }
        case 'roots/list':
          return { roots: roots.list() };
        default:
          throw new InputRefused(
            `The server asked for input of a kind mcp-inspect cannot answer ("${request.method}" under "${key}"), so the call ended without a retry.`,
          );
      }
    }),
  );
  return Object.fromEntries(entries.map(([key], index) => [key, answers[index]]));
}
