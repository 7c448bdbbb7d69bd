import { AUTH_SCHEME, API_MODEL_PATH } from '../../../shared/http';
import type { ModelStep } from '../../../shared/models/conversation';
import type { ModelStepper } from '../../../shared/models/modelLoop';
import type { ProviderKind } from '../../../shared/models/toolTranslation';
import { bridgeRequest } from '../../bridge/bridgeRequest';
import { currentToken } from '../../bridge/token';
import { readNdjson } from './ndjson';

/** What the bridge says of its provider (GET /api/model): never the key, only whether one is held. */
export interface ModelState {
  settings: { kind: ProviderKind; model: string; baseUrl: string; keySet: boolean } | null;
  environmentKeys: Record<ProviderKind, boolean>;
}

export interface ModelSettingsInput {
  provider: ProviderKind;
  model: string;
  baseUrl?: string;
  /** Sent once, when the person types one; left out to keep the one the bridge holds. */
  apiKey?: string;
}

export function getModelState(): Promise<ModelState> {
  return bridgeRequest<ModelState>(API_MODEL_PATH);
}

export function putModelSettings(input: ModelSettingsInput): Promise<ModelState> {
  return bridgeRequest<ModelState>(API_MODEL_PATH, { method: 'PUT', body: JSON.stringify(input) });
}

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
export function bridgeModelStepper(
  options: {
    /** The step route; the page's own bridge unless given (the bench runs it outside a page). */
    url?: string;
    token?: () => string | undefined;
    onTiming?: (timing: StepTiming) => void;
  } = {},
): ModelStepper {
  const { url = `${API_MODEL_PATH}/step`, token = currentToken, onTiming } = options;
  return async ({ system, turns, tools, signal, onText }) => {
    const sentAt = performance.now();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `${AUTH_SCHEME} ${token() ?? ''}`,
        },
        body: JSON.stringify({ ...(system ? { system } : {}), turns, tools }),
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
