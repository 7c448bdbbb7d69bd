import type { ConversationTurn, ModelStep, StepSettings } from '../../shared/models/conversation.js';
import type { ProviderKind, TranslatedTool } from '../../shared/models/toolTranslation.js';

/** What one step of the model is asked with. */
export interface StepRequest {
  system?: string | undefined;
  turns: readonly ConversationTurn[];
  tools: readonly TranslatedTool[];
  settings?: StepSettings | undefined;
  /** Ends the stream: the step fails with a `cancelled` ModelFailure. */
  signal?: AbortSignal | undefined;
  /** Each piece of text as it streams in. */
  onText?: ((delta: string) => void) | undefined;
}

/**
 * A model behind a provider's official client: one step is one streamed request, its text and
 * proposed calls collected. The key stays in here (and in the client it made): nothing reads it
 * back out.
 */
export interface ModelProvider {
  readonly kind: ProviderKind;
  readonly model: string;
  /** Where requests go (the key goes there and nowhere else): the base URL with no secret in it. */
  readonly baseUrl: string;
  step(request: StepRequest): Promise<ModelStep>;
  /** The provider's models (its `GET /models`), as its official client lists them. */
  listModels(signal?: AbortSignal): Promise<string[]>;
}
