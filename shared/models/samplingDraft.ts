import type {
  ContentBlock,
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  SamplingMessageContentBlock,
} from '@modelcontextprotocol/client';
import type { AbortSignalLike } from '../core/platform.js';
import {
  parseToolArguments,
  type ConversationTurn,
  type MediaPart,
  type ModelStep,
  type ModelToolCall,
  type StepSettings,
  type ToolResultTurn,
} from './conversation.js';
import type { ModelStepper } from './modelLoop.js';
import { mediaRefusal } from './providerMedia.js';
import { serverToolFor, translateTools, type ProviderKind, type ToolTranslation } from './toolTranslation.js';

/*
 * A server's sampling request (`sampling/createMessage`, or a modern input round's) as a step of
 * the configured model, and the model's answer as the reply the spec expects, for the person to
 * read, edit, send or refuse. Both providers get the same translation: the Playground's for the
 * request's tools (names a provider refuses renamed, and back), images and sounds where the
 * provider takes them, tool_use and tool_result blocks as its own tool calls and results.
 */

type SamplingParams = CreateMessageRequest['params'];
export type SamplingReply = CreateMessageResult | CreateMessageResultWithTools;
export type SamplingStopReason = 'endTurn' | 'stopSequence' | 'maxTokens' | 'toolUse';

/** What the model is asked for a sampling request, and what of the request it cannot be given. */
export interface SamplingAsk {
  system?: string;
  turns: ConversationTurn[];
  /** The request's tools as the provider gets them (empty when it has none). */
  translation: ToolTranslation;
  settings: StepSettings;
  /** What was left out, in words, each with why: the model answers without them. */
  leftOut: string[];
  /** How the request's settings and tools reach the provider, where they change on the way. */
  notes: string[];
}

/** A request's messages, tools and settings for one provider. */
export function samplingAsk(params: SamplingParams, provider: ProviderKind): SamplingAsk {
  const leftOut: string[] = [];
  const notes: string[] = [];
  const translation = translateTools(provider, params.tools ?? []);
  for (const refused of translation.refused) leftOut.push(`tool "${refused.serverName}": ${refused.reason}`);
  for (const tool of translation.tools)
    for (const change of tool.changes) notes.push(`tool "${tool.serverName}": ${change}`);
  const modelName = (serverName: string): string =>
    translation.tools.find((tool) => tool.serverName === serverName)?.name ?? serverName;
  const namesById = new Map<string, string>();

  const turns: ConversationTurn[] = [];
  params.messages.forEach((message, index) => {
    const where = `message ${index + 1}`;
    const blocks: SamplingMessageContentBlock[] = Array.isArray(message.content)
      ? message.content
      : [message.content];
    const texts: string[] = [];
    const media: MediaPart[] = [];
    const calls: ModelToolCall[] = [];
    const results: ToolResultTurn[] = [];
    for (const block of blocks) {
      switch (block.type) {
        case 'text':
          texts.push(block.text);
          break;
        case 'image':
        case 'audio': {
          const refusal =
            message.role === 'assistant'
              ? `the providers take ${block.type}s from the user only`
              : mediaRefusal(provider, block.type, block.mimeType);
          if (refusal) leftOut.push(`${where}: an ${block.type} (${refusal})`);
          else media.push({ kind: block.type, data: block.data, mimeType: block.mimeType });
          break;
        }
        case 'tool_use':
          namesById.set(block.id, block.name);
          if (message.role === 'assistant')
            calls.push({
              id: block.id,
              name: modelName(block.name),
              argumentsText: JSON.stringify(block.input),
            });
          else leftOut.push(`${where}: a tool_use block from the user (only the assistant calls tools)`);
          break;
        case 'tool_result':
          if (message.role === 'user')
            results.push({
              callId: block.toolUseId,
              name: modelName(namesById.get(block.toolUseId) ?? ''),
              text: resultText(block.content, `${where}'s tool_result`, leftOut),
              isError: block.isError === true,
            });
          else leftOut.push(`${where}: a tool_result block from the assistant (results come from the user)`);
          break;
      }
    }
    const text = texts.join('\n');
    if (message.role === 'assistant') turns.push({ role: 'assistant', text, toolCalls: calls });
    else {
      if (results.length > 0) turns.push({ role: 'tool', results });
      if (text !== '' || media.length > 0 || results.length === 0)
        turns.push({ role: 'user', text, ...(media.length > 0 ? { media } : {}) });
    }
  });

  const settings: StepSettings = { maxTokens: params.maxTokens };
  if (params.temperature !== undefined) settings.temperature = params.temperature;
  if (params.stopSequences && params.stopSequences.length > 0) settings.stopSequences = params.stopSequences;
  if (params.toolChoice?.mode) {
    if (translation.tools.length > 0) settings.toolChoice = params.toolChoice.mode;
    else
      notes.push(
        `toolChoice "${params.toolChoice.mode}" is not passed: the request gives no tool the provider takes`,
      );
  }
  if (params.includeContext && params.includeContext !== 'none')
    leftOut.push(
      `includeContext "${params.includeContext}" (mcp-inspect does not declare sampling.context: the request's own messages are all the model sees)`,
    );
  if (params.metadata) notes.push('metadata is not passed: its meaning is provider-specific');
  return {
    ...(params.systemPrompt ? { system: params.systemPrompt } : {}),
    turns,
    translation,
    settings,
    leftOut,
    notes,
  };
}

/** A tool result's text for the model: its text blocks and texts of resources; the rest named. */
function resultText(content: ContentBlock[], where: string, leftOut: string[]): string {
  const texts: string[] = [];
  for (const block of content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'resource' && 'text' in block.resource) texts.push(block.resource.text);
    else leftOut.push(`${where}: a ${block.type} block (a tool result goes to the model as text)`);
  }
  return texts.join('\n');
}

/** The request's model preferences in words: its hints, then its priorities (0 to 1). */
export function preferenceWords(preferences: SamplingParams['modelPreferences']): string[] {
  if (!preferences) return [];
  const words: string[] = [];
  const hints = (preferences.hints ?? []).flatMap((hint) => (hint.name ? [hint.name] : []));
  if (hints.length > 0) words.push(`hints: ${hints.join(', ')}`);
  const priorities: Array<[string, number | undefined]> = [
    ['cost', preferences.costPriority],
    ['speed', preferences.speedPriority],
    ['intelligence', preferences.intelligencePriority],
  ];
  for (const [name, value] of priorities) if (value !== undefined) words.push(`${name} priority ${value}`);
  return words;
}

/** The provider's stop reason as sampling says it. */
export function samplingStopReason(stopReason: string): SamplingStopReason {
  if (stopReason === 'length' || stopReason === 'max_tokens') return 'maxTokens';
  if (stopReason === 'stop_sequence') return 'stopSequence';
  if (stopReason === 'tool_calls' || stopReason === 'tool_use') return 'toolUse';
  return 'endTurn';
}

/** A call the model proposes, by the server's name for the tool, for the person to edit. */
export interface DraftToolUse {
  id: string;
  name: string;
  argumentsText: string;
}

/** The model's answer as the reply form holds it: text, calls, the model, the stop reason. */
export interface SamplingDraft {
  text: string;
  toolUses: DraftToolUse[];
  model: string;
  stopReason: SamplingStopReason;
}

/** The model's step as a draft reply: each call named back as the server listed the tool. */
export function draftOf(step: ModelStep, ask: SamplingAsk, model: string): SamplingDraft {
  const toolUses = step.toolCalls.map((call) => ({
    id: call.id,
    name: serverToolFor(ask.translation, call.name)?.serverName ?? call.name,
    argumentsText: call.argumentsText.trim() === '' ? '{}' : call.argumentsText,
  }));
  const stopReason = toolUses.length > 0 ? 'toolUse' : samplingStopReason(step.stopReason);
  return { text: step.text, toolUses, model, stopReason };
}

/**
 * The reply sent to the server: one text block, as a request without tools expects; with calls,
 * the text (if any) then a tool_use block per call (the 2025-11-25 spec's tool-enabled result).
 * Arguments that are not a JSON object are said, and nothing is built.
 */
export function replyOf(
  draft: SamplingDraft & { role?: 'assistant' | 'user' },
): { reply: SamplingReply } | { problem: string } {
  const role = draft.role ?? 'assistant';
  if (draft.toolUses.length === 0)
    return {
      reply: {
        role,
        content: { type: 'text', text: draft.text },
        model: draft.model,
        stopReason: draft.stopReason,
      },
    };
  const content: SamplingMessageContentBlock[] =
    draft.text === '' ? [] : [{ type: 'text', text: draft.text }];
  for (const use of draft.toolUses) {
    if (use.name.trim() === '') return { problem: `call ${use.id}: give the tool's name` };
    const parsed = parseToolArguments(use.argumentsText);
    if ('problem' in parsed) return { problem: `${use.name}: ${parsed.problem}` };
    content.push({ type: 'tool_use', id: use.id, name: use.name, input: parsed.value });
  }
  return { reply: { role, content, model: draft.model, stopReason: draft.stopReason } };
}

/**
 * Asks the model for a sampling request: the request translated for the provider, one step
 * (streamed), the answer as a draft. Nothing is sent to the server from here.
 */
export async function draftSampling(
  params: SamplingParams,
  options: {
    provider: ProviderKind;
    model: string;
    step: ModelStepper;
    signal?: AbortSignalLike | undefined;
    onText?: ((delta: string) => void) | undefined;
  },
): Promise<{ ask: SamplingAsk; draft: SamplingDraft }> {
  const ask = samplingAsk(params, options.provider);
  const step = await options.step({
    system: ask.system,
    turns: ask.turns,
    tools: ask.translation.tools,
    settings: { ...ask.settings, model: options.model },
    signal: options.signal,
    onText: options.onText,
  });
  return { ask, draft: draftOf(step, ask, options.model) };
}

/** What the model is given besides the messages, in words: settings, tools, images and sounds. */
export function askWords(ask: SamplingAsk): string[] {
  const words: string[] = [];
  const { settings, translation } = ask;
  if (settings.maxTokens !== undefined) words.push(`max tokens ${settings.maxTokens}`);
  if (settings.temperature !== undefined) words.push(`temperature ${settings.temperature}`);
  if (settings.stopSequences)
    words.push(`stop sequences ${settings.stopSequences.map((s) => JSON.stringify(s)).join(', ')}`);
  if (translation.tools.length > 0)
    words.push(
      `tools ${translation.tools
        .map((tool) => (tool.name === tool.serverName ? tool.name : `${tool.serverName} (as ${tool.name})`))
        .join(', ')}`,
    );
  if (settings.toolChoice) words.push(`tool choice ${settings.toolChoice}`);
  const media = ask.turns.flatMap((turn) => (turn.role === 'user' ? (turn.media ?? []) : []));
  const images = media.filter((part) => part.kind === 'image').length;
  const sounds = media.length - images;
  if (images > 0) words.push(`${images} image${images === 1 ? '' : 's'}`);
  if (sounds > 0) words.push(`${sounds} sound${sounds === 1 ? '' : 's'}`);
  return words;
}
