/**
 * A conversation with a model, in the one shape both providers are translated from (the
 * OpenAI-compatible chat completions and Anthropic's messages): the bridge keeps it, the
 * providers turn it into their wire format, the eval runner and the page read it.
 */

/** A call the model proposed, by the name it was given (see toolTranslation.ts). */
export interface ModelToolCall {
  /** The provider's id for the call, sent back with its result. */
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text; it may not parse). */
  argumentsText: string;
}

/** The result of one proposed call, as it goes back to the model. */
export interface ToolResultTurn {
  callId: string;
  name: string;
  /** The text the model reads: the result's text content, or why there is no result. */
  text: string;
  isError: boolean;
}

/**
 * An image or a sound the person's side gives the model (a sampling request's messages carry
 * them): base64 data and its MIME type, as MCP's image and audio content say them.
 */
export interface MediaPart {
  kind: 'image' | 'audio';
  data: string;
  mimeType: string;
}

export type ConversationTurn =
  | { role: 'user'; text: string; media?: MediaPart[] | undefined }
  | { role: 'assistant'; text: string; toolCalls: ModelToolCall[] }
  | { role: 'tool'; results: ToolResultTurn[] };

/** Tokens a step took, where the provider reports them. */
export interface TokenUsage {
  input?: number;
  output?: number;
  /** What the step cost, in the provider's currency, where it says (OpenAI-compatible routers do). */
  cost?: number;
}

/** One answer of the model: its text, the calls it proposes, why it stopped. */
export interface ModelStep {
  text: string;
  toolCalls: ModelToolCall[];
  /** The provider's own word (`stop`, `tool_calls`, `end_turn`, `tool_use`, `length`, …). */
  stopReason: string;
  usage: TokenUsage;
}

/** The arguments the model wrote, parsed; a problem in words when they are not a JSON object. */
export function parseToolArguments(text: string): { value: Record<string, unknown> } | { problem: string } {
  if (text.trim() === '') return { value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `the arguments are not JSON (${(error as Error).message}): ${clip(text)}` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { problem: `the arguments are not a JSON object: ${clip(text)}` };
  return { value: parsed as Record<string, unknown> };
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * How one step is asked beyond its conversation (a sampling request's own settings): each left
 * out means the provider's default (the configured model; for Anthropic, which requires a
 * length, its usual 4096 tokens).
 */
export interface StepSettings {
  /** Another model of the same provider than the configured one. */
  model?: string | undefined;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  stopSequences?: string[] | undefined;
  /** Whether the model may (`auto`), must (`required`) or must not (`none`) call a tool. */
  toolChoice?: 'auto' | 'required' | 'none' | undefined;
}
