import type { CreateMessageRequest } from '@modelcontextprotocol/client';
import type { ConversationTurn } from '../../../shared/models/conversation';

type SamplingParams = CreateMessageRequest['params'];

/** What the configured model is asked for a sampling request, and what of the request it cannot be given. */
export interface SamplingAsk {
  system?: string;
  turns: ConversationTurn[];
  /** What was left out, in words (images, audio, tool blocks): the model answers without them. */
  leftOut: string[];
}

/**
 * A server's sampling request as a conversation for the configured model: its messages' text
 * (each other block named as left out) and its system prompt. The request's tools are not given
 * (the draft is text, for the person to send or not).
 */
export function samplingAsk(params: SamplingParams): SamplingAsk {
  const leftOut: string[] = [];
  const turns: ConversationTurn[] = params.messages.map((message, index) => {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const texts: string[] = [];
    for (const block of blocks) {
      if (block.type === 'text') texts.push(block.text);
      else leftOut.push(`message ${index + 1}: a ${block.type} block`);
    }
    const text = texts.join('\n');
    return message.role === 'assistant' ? { role: 'assistant', text, toolCalls: [] } : { role: 'user', text };
  });
  const tools = (params as { tools?: unknown[] }).tools;
  if (Array.isArray(tools) && tools.length > 0)
    leftOut.push(
      `the request's ${tools.length} tool${tools.length === 1 ? '' : 's'} (the draft is text only)`,
    );
  return { ...(params.systemPrompt ? { system: params.systemPrompt } : {}), turns, leftOut };
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
export function samplingStopReason(stopReason: string): 'endTurn' | 'maxTokens' {
  return stopReason === 'length' || stopReason === 'max_tokens' ? 'maxTokens' : 'endTurn';
}
