import type { ModelStep } from '../../../shared/models/conversation.js';
import type { ModelStepper } from '../../../shared/models/modelLoop.js';

/*
 * A model step over the bridge's step route (POST /api/model/step, NDJSON back), without the
 * page's own state: no runtime imports, so the bench (bench/modelStepOnly.ts) runs the very code
 * the Playground runs. modelBridge.ts gives it the page's route and token.
 */

/** A model step that did not come back, in the bridge's words (its kinds: server/models/modelFailure.ts). */
export class ModelStepFailure extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

/** When a step's bytes came and went, for the page's overhead per step (bench/modelStepOnly.ts). */
export interface StepTiming {
  /** performance.now() when the request left, and when its last line (the step) had been read. */
  sentAt: number;
  lastByteAt: number;
}

/**
 * The model asked through the bridge (POST /api/model/step): the text streams in as NDJSON
 * lines, the step comes last; aborting the signal aborts the request, which the bridge passes on
 * to the provider's.
 */
export function httpModelStepper(options: {
  /** The bridge's step route. */
  url: string;
  /** The Authorization header's value, read for each step. */
  authorization: () => string;
  onTiming?: (timing: StepTiming) => void;
}): ModelStepper {
  const { url, authorization, onTiming } = options;
  return async ({ system, turns, tools, settings, signal, onText }) => {
    const sentAt = performance.now();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: authorization(),
        },
        body: JSON.stringify({
          ...(system ? { system } : {}),
          turns,
          tools,
          ...(settings ? { settings } : {}),
        }),
        ...(signal ? { signal: signal as AbortSignal } : {}),
      });
    } catch (error) {
      throw failureOfFetch(error, signal?.aborted === true);
    }
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      throw new ModelStepFailure('bridge', body.error ?? `the bridge answered HTTP ${response.status}`);
    }
    let step: ModelStep | undefined;
    let failure: ModelStepFailure | undefined;
    try {
      await readNdjson(response.body, (line) => {
        const message = line as
          | { type: 'text'; delta: string }
          | { type: 'step'; step: ModelStep }
          | { type: 'failed'; kind: string; message: string };
        if (message.type === 'text') onText?.(message.delta);
        else if (message.type === 'step') step = message.step;
        else if (message.type === 'failed') failure = new ModelStepFailure(message.kind, message.message);
      });
    } catch (error) {
      throw failureOfFetch(error, signal?.aborted === true);
    }
    onTiming?.({ sentAt, lastByteAt: performance.now() });
    if (failure) throw failure;
    if (!step) throw new ModelStepFailure('bad-stream', 'the bridge ended the step without an answer');
    return step;
  };
}

function failureOfFetch(error: unknown, aborted: boolean): ModelStepFailure {
  if (aborted) return new ModelStepFailure('cancelled', 'cancelled');
  if (error instanceof ModelStepFailure) return error;
  return new ModelStepFailure('bridge', `the bridge could not be reached: ${(error as Error).message}`);
}

/** The model loop's reading of a failure: this module's own, said; anything else goes on up. */
export function stepFailureOf(error: unknown): { kind: string; message: string } | undefined {
  return error instanceof ModelStepFailure ? { kind: error.kind, message: error.message } : undefined;
}

/** The longest line a step may stream: a model's whole answer is one `step` line. */
const MAX_LINE = 4 * 1024 * 1024;

/**
 * Reads newline-delimited JSON from a stream, each line parsed and handed on as it arrives; a
 * line that is not JSON, or one past the bound, ends the read with the reason.
 */
export async function readNdjson(
  stream: ReadableStream<Uint8Array>,
  onLine: (value: unknown) => void,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const take = (line: string): void => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`the bridge sent a line that is not JSON: ${line.slice(0, 120)}`);
    }
    onLine(value);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      take(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
    if (buffered.length > MAX_LINE) {
      await reader.cancel();
      throw new Error('the bridge sent a line longer than 4 MB');
    }
  }
  take(buffered + decoder.decode());
}
