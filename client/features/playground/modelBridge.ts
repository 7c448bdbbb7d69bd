import { AUTH_SCHEME, API_MODEL_PATH } from '../../../shared/http';
import type { ModelStepper } from '../../../shared/models/modelLoop';
import type { ProviderKind } from '../../../shared/models/toolTranslation';
import { bridgeRequest } from '../../bridge/bridgeRequest';
import { currentToken } from '../../bridge/token';
import { httpModelStepper, type StepTiming } from './stepOverHttp';
import { bridgePath } from '../../bridge/serverPath';

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

/** The provider's models, or why it did not list them (not every OpenAI-compatible server does). */
export type ListedModels = { models: string[] } | { unlisted: string };

export function listModels(): Promise<ListedModels> {
  return bridgeRequest<ListedModels>(`${API_MODEL_PATH}/models`);
}

export { ModelStepFailure, stepFailureOf } from './stepOverHttp';

/**
 * The model asked through the page's bridge: the text streams in as NDJSON lines, the step comes
 * last; aborting the signal aborts the request, which the bridge passes on to the provider's.
 */
export function bridgeModelStepper(onTiming?: (timing: StepTiming) => void): ModelStepper {
  return httpModelStepper({
    url: bridgePath(`${API_MODEL_PATH}/step`),
    authorization: () => `${AUTH_SCHEME} ${currentToken() ?? ''}`,
    ...(onTiming ? { onTiming } : {}),
  });
}
