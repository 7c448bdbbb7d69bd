import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { MediaPart, ModelStep, ModelToolCall, StepSettings } from '../../shared/models/conversation.js';
import { ModelFailure } from './modelFailure.js';
import type { ModelProvider, StepRequest } from './modelProvider.js';
import { fetchWithoutRedirects, providerFailure, type FailureContext } from './providerErrors.js';
import type { ProviderSettings } from './providerSettings.js';

/** The answer's length limit each step asks for (Anthropic's API requires one). */
const MAX_TOKENS = 4096;

/** Anthropic's Messages API through the official `@anthropic-ai/sdk` client, streaming, with tool use. */
export function anthropicProvider(settings: ProviderSettings): ModelProvider {
  const client = new Anthropic({
    apiKey: settings.apiKey ?? null,
    // Only what is given here: no token, profile or config file of the person's is picked up.
    authToken: null,
    baseURL: settings.baseUrl,
    maxRetries: settings.maxRetries,
    timeout: settings.timeoutMs,
    fetch: fetchWithoutRedirects,
  });
  const context: FailureContext = {
    provider: 'Anthropic',
    baseUrl: settings.baseUrl,
    model: settings.model,
    key: settings.apiKey,
    keyVariable: 'ANTHROPIC_API_KEY',
  };
  return {
    kind: 'anthropic',
    model: settings.model,
    baseUrl: settings.baseUrl,
    async step(request: StepRequest): Promise<ModelStep> {
      // The client would only say it found no way to authenticate: say which key to give.
      if (settings.apiKey === undefined)
        throw new ModelFailure(
          'no-key',
          `no key for Anthropic at ${settings.baseUrl}: set ANTHROPIC_API_KEY, or give the key in the Playground's settings`,
        );
      try {
        const stream = await client.messages.create(
          {
            model: request.settings?.model ?? settings.model,
            max_tokens: request.settings?.maxTokens ?? MAX_TOKENS,
            ...(request.system ? { system: request.system } : {}),
            messages: messagesOf(request),
            ...(request.tools.length > 0 ? { tools: request.tools.map(toolOf) } : {}),
            ...settingsOf(request.settings, request.tools.length > 0),
            stream: true,
          },
          { signal: request.signal },
        );
        let text = '';
        let stopReason = '';
        let started = false;
        const usage: ModelStep['usage'] = {};
        const blocks = new Map<number, ModelToolCall>();
        for await (const event of stream) {
          switch (event.type) {
            case 'message_start':
              started = true;
              usage.input = event.message.usage.input_tokens;
              usage.output = event.message.usage.output_tokens;
              break;
            case 'content_block_start':
              if (event.content_block.type === 'tool_use')
                blocks.set(event.index, {
                  id: event.content_block.id,
                  name: event.content_block.name,
                  argumentsText: '',
                });
              break;
            case 'content_block_delta':
              if (event.delta.type === 'text_delta') {
                text += event.delta.text;
                request.onText?.(event.delta.text);
              } else if (event.delta.type === 'input_json_delta') {
                const block = blocks.get(event.index);
                if (block) block.argumentsText += event.delta.partial_json;
              }
              break;
            case 'message_delta':
              if (event.delta.stop_reason) stopReason = event.delta.stop_reason;
              if (typeof event.usage.output_tokens === 'number') usage.output = event.usage.output_tokens;
              break;
            default:
              break;
          }
        }
        if (!started || stopReason === '')
          throw new ModelFailure(
            'garbage',
            `Anthropic at ${settings.baseUrl} ended its stream before the message did`,
          );
        const toolCalls = [...blocks.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
        return { text, toolCalls, stopReason, usage };
      } catch (error) {
        throw providerFailure(error, context);
      }
    },
    async listModels(signal?: AbortSignal): Promise<string[]> {
      if (settings.apiKey === undefined)
        throw new ModelFailure(
          'no-key',
          `no key for Anthropic at ${settings.baseUrl}: its models are not listed`,
        );
      try {
        const ids: string[] = [];
        for await (const model of client.models.list({ limit: 100 }, { signal })) {
          ids.push(model.id);
          if (ids.length >= MAX_LISTED_MODELS) break;
        }
        return ids;
      } catch (error) {
        throw providerFailure(error, context);
      }
    },
  };
}

/** A provider listing more models than this is cut short: the page picks among these. */
const MAX_LISTED_MODELS = 1000;

/** A sampling request's settings in the Messages API's words (the length is set above). */
function settingsOf(
  step: StepSettings | undefined,
  hasTools: boolean,
): Partial<MessageCreateParamsStreaming> {
  if (!step) return {};
  const choice = step.toolChoice === 'required' ? 'any' : step.toolChoice;
  return {
    ...(step.temperature !== undefined ? { temperature: step.temperature } : {}),
    ...(step.stopSequences && step.stopSequences.length > 0 ? { stop_sequences: step.stopSequences } : {}),
    ...(hasTools && choice ? { tool_choice: { type: choice } } : {}),
  };
}

function toolOf(tool: StepRequest['tools'][number]): Tool {
  return {
    name: tool.name,
    ...(tool.description === '' ? {} : { description: tool.description }),
    input_schema: tool.schema as Tool.InputSchema,
  };
}

function messagesOf(request: StepRequest): MessageParam[] {
  const messages: MessageParam[] = [];
  for (const turn of request.turns) {
    if (turn.role === 'user')
      messages.push({
        role: 'user',
        content: turn.media && turn.media.length > 0 ? userBlocks(turn.text, turn.media) : turn.text,
      });
    else if (turn.role === 'assistant')
      messages.push({
        role: 'assistant',
        content: [
          ...(turn.text === '' ? [] : [{ type: 'text' as const, text: turn.text }]),
          ...turn.toolCalls.map((call) => ({
            type: 'tool_use' as const,
            id: call.id,
            name: call.name,
            input: inputOf(call.argumentsText),
          })),
        ],
      });
    else
      messages.push({
        role: 'user',
        content: turn.results.map((result) => ({
          type: 'tool_result' as const,
          tool_use_id: result.callId,
          content: result.text,
          ...(result.isError ? { is_error: true } : {}),
        })),
      });
  }
  return messages;
}

/** A user turn with its images beside its text (sounds never reach here: the API takes none). */
function userBlocks(text: string, media: readonly MediaPart[]): ContentBlockParam[] {
  const blocks: ContentBlockParam[] = text === '' ? [] : [{ type: 'text', text }];
  for (const part of media)
    if (part.kind === 'image')
      blocks.push({
        type: 'image',
        source: {
          type: 'base64',
          media_type: part.mimeType as 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp',
          data: part.data,
        },
      });
  return blocks;
}

/** tool_use's input is an object; arguments that did not parse go back as what the model wrote. */
function inputOf(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // kept below
  }
  return { unparsed: text };
}
