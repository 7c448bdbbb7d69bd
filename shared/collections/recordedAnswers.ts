import type {
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitResult,
} from '@modelcontextprotocol/client';
import type { ItemAnswers } from './format.js';

/** An answer the person gave to one of the server's asks, as the answerer saw it go back. */
export type GivenAnswer =
  | { method: 'elicitation/create'; answer: ElicitResult }
  | { method: 'sampling/createMessage'; answer: CreateMessageResult | CreateMessageResultWithTools };

/**
 * The item's `answers` with one more answer the person gave during the call, so that a saved
 * call replays what the person did. An item holds one answer of each kind (the format's runners
 * give it to every ask of that kind): the latest one given wins.
 */
export function withGivenAnswer(answers: ItemAnswers | undefined, given: GivenAnswer): ItemAnswers {
  const next: ItemAnswers = { ...answers };
  if (given.method === 'elicitation/create') {
    const { action } = given.answer;
    next.elicitation = action === 'accept' ? { action, content: { ...given.answer.content } } : { action };
  } else {
    next.samplingReply = replyText(given.answer.content);
  }
  return next;
}

/** The text of a sampling reply (its text blocks, joined; a reply with none is saved empty). */
function replyText(content: CreateMessageResultWithTools['content']): string {
  const blocks = (Array.isArray(content) ? content : [content]) as { type: string; text?: unknown }[];
  return blocks
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('\n');
}
