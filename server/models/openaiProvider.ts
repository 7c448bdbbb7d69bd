import OpenAI from 'openai';
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions/completions';
import type { MediaPart, ModelStep, ModelToolCall, StepSettings } from '../../shared/models/conversation.js';
import { openaiAudioFormat } from '../../shared/models/providerMedia.js';
import { ModelFailure } from './modelFailure.js';
import type { ModelProvider, StepRequest } from './modelProvider.js';
import { fetchWithoutRedirects, providerFailure, type FailureContext } from './providerErrors.js';
import type { ProviderSettings } from './providerSettings.js';

/**
 * Any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, llama.cpp, vLLM, LM Studio)
 * through the official `openai` client, streaming, with tool calls.
 */
export function openaiProvider(settings: ProviderSettings): ModelProvider {
  const client = new OpenAI({
    apiKey: settings.apiKey ?? 'no-key',
    baseURL: settings.baseUrl,
    maxRetries: settings.maxRetries,
    timeout: settings.timeoutMs,
    fetch: fetchWithoutRedirects,
  });
  const context: FailureContext = {
    provider: 'the OpenAI-compatible provider',
    baseUrl: settings.baseUrl,
    model: settings.model,
    key: settings.apiKey,
    keyVariable: 'OPENAI_API_KEY',
  };
  return {
    kind: 'openai',
    model: settings.model,
    baseUrl: settings.baseUrl,
    async step(request: StepRequest): Promise<ModelStep> {
      try {
        const stream = await client.chat.completions.create(
          {
            model: request.settings?.model ?? settings.model,
            messages: messagesOf(request),
            ...(request.tools.length > 0 ? { tools: request.tools.map(toolOf) } : {}),
            ...settingsOf(request.settings, request.tools.length > 0, settings.baseUrl),
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: request.signal },
        );
        let text = '';
        let stopReason = '';
        const calls = new Map<number, ModelToolCall>();
        const usage: ModelStep['usage'] = {};
        for await (const chunk of stream) {
          if (chunk.usage) {
            usage.input = chunk.usage.prompt_tokens;
            usage.output = chunk.usage.completion_tokens;
            // Not in OpenAI's own API: OpenAI-compatible routers (OpenRouter, LiteLLM) add it.
            const cost = (chunk.usage as { cost?: unknown }).cost;
            if (typeof cost === 'number' && Number.isFinite(cost)) usage.cost = cost;
          }
          const choice = chunk.choices?.[0];
          if (!choice) continue;
          if (choice.finish_reason) stopReason = choice.finish_reason;
          const delta = choice.delta;
          if (typeof delta?.content === 'string' && delta.content !== '') {
            text += delta.content;
            request.onText?.(delta.content);
          }
          for (const part of delta?.tool_calls ?? []) {
            const call = calls.get(part.index) ?? { id: '', name: '', argumentsText: '' };
            if (part.id) call.id = part.id;
            if (part.function?.name) call.name += part.function.name;
            if (part.function?.arguments) call.argumentsText += part.function.arguments;
            calls.set(part.index, call);
          }
        }
        if (stopReason === '' && text === '' && calls.size === 0)
          throw new ModelFailure(
            'garbage',
            `${context.provider} at ${settings.baseUrl} ended its stream without an answer`,
          );
        const toolCalls = [...calls.entries()]
          .sort(([a], [b]) => a - b)
          .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }));
        return { text, toolCalls, stopReason, usage };
      } catch (error) {
        throw providerFailure(error, context);
      }
    },
    async listModels(signal?: AbortSignal): Promise<string[]> {
      try {
        const ids: string[] = [];
        for await (const model of client.models.list({ signal })) {
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

/**
 * A sampling request's settings in chat completions' words. The length limit is
 * `max_completion_tokens` on OpenAI's own API (its reasoning models refuse `max_tokens`) and
 * `max_tokens` elsewhere, the name local servers (Ollama, llama.cpp, vLLM, LM Studio) all take.
 */
function settingsOf(
  step: StepSettings | undefined,
  hasTools: boolean,
  baseUrl: string,
): Partial<ChatCompletionCreateParamsStreaming> {
  if (!step) return {};
  const openaiItself = /^https:\/\/api\.openai\.com(\/|$)/.test(baseUrl);
  return {
    ...(step.maxTokens !== undefined
      ? openaiItself
        ? { max_completion_tokens: step.maxTokens }
        : { max_tokens: step.maxTokens }
      : {}),
    ...(step.temperature !== undefined ? { temperature: step.temperature } : {}),
    ...(step.stopSequences && step.stopSequences.length > 0 ? { stop: step.stopSequences } : {}),
    ...(hasTools && step.toolChoice ? { tool_choice: step.toolChoice } : {}),
  };
}

function toolOf(tool: StepRequest['tools'][number]): ChatCompletionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.schema },
  };
}

function messagesOf(request: StepRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  for (const turn of request.turns) {
    if (turn.role === 'user')
      messages.push({
        role: 'user',
        content: turn.media && turn.media.length > 0 ? userParts(turn.text, turn.media) : turn.text,
      });
    else if (turn.role === 'assistant')
      messages.push({
        role: 'assistant',
        content: turn.text === '' ? null : turn.text,
        ...(turn.toolCalls.length > 0
          ? {
              tool_calls: turn.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: call.argumentsText || '{}' },
              })),
            }
          : {}),
      });
    else
      for (const result of turn.results)
        messages.push({ role: 'tool', tool_call_id: result.callId, content: result.text });
  }
  return messages;
}

/** A user turn with images (as data URLs) and sounds (`input_audio`, wav or mp3) beside its text. */
function userParts(text: string, media: readonly MediaPart[]): ChatCompletionContentPart[] {
  const parts: ChatCompletionContentPart[] = text === '' ? [] : [{ type: 'text', text }];
  for (const part of media) {
    const format = openaiAudioFormat(part.mimeType);
    if (part.kind === 'image')
      parts.push({ type: 'image_url', image_url: { url: `data:${part.mimeType};base64,${part.data}` } });
    else if (format) parts.push({ type: 'input_audio', input_audio: { data: part.data, format } });
  }
  return parts;
}
