import type { InputAnswering } from '../features/tools/inputRounds';
import { answerInputRequests, InputRefused, isInputRequired } from '../features/tools/inputRounds';

/** A server that keeps asking is stopped here rather than asking the person forever. */
const MAX_ROUNDS = 50;

/**
 * Sends a request that may be answered `input_required` (prompts/get, resources/read in
 * 2026-07-28) and drives its rounds: each round's asks go to the person, then the request is sent
 * again with the answers under the server's keys and its `requestState`, until it completes.
 * `send` makes one request with the extra params of a retry.
 */
export async function withInputRounds<T>(
  send: (retry: Record<string, unknown>) => Promise<unknown>,
  answering: (round: number) => InputAnswering,
  /** Told when a round waits for the person and when its answers are in (the call log's status and timer). */
  hooks: { asking?: (round: number) => void; answered?: (round: number) => void } = {},
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
    // The request is over; the next round is a new request, sent when the person has answered.
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
