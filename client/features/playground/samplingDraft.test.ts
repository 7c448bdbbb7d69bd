import { describe, expect, it } from 'vitest';
import { preferenceWords, samplingAsk, samplingStopReason } from './samplingDraft';

describe('a sampling request for the configured model', () => {
  it('gives the messages’ text and the system prompt, and names what it leaves out', () => {
    const ask = samplingAsk({
      systemPrompt: 'Be warm.',
      maxTokens: 50,
      messages: [
        { role: 'user', content: { type: 'text', text: 'A line for Ada' } },
        { role: 'assistant', content: { type: 'text', text: 'Which tone?' } },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Cheerful' },
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          ],
        },
      ],
    });
    expect(ask).toEqual({
      system: 'Be warm.',
      turns: [
        { role: 'user', text: 'A line for Ada' },
        { role: 'assistant', text: 'Which tone?', toolCalls: [] },
        { role: 'user', text: 'Cheerful' },
      ],
      leftOut: ['message 3: a image block'],
    });
  });

  it('says the model preferences in words', () => {
    expect(
      preferenceWords({
        hints: [{ name: 'claude-3-sonnet' }, { name: 'gpt-4o' }],
        costPriority: 0.2,
        intelligencePriority: 0.9,
      }),
    ).toEqual(['hints: claude-3-sonnet, gpt-4o', 'cost priority 0.2', 'intelligence priority 0.9']);
    expect(preferenceWords(undefined)).toEqual([]);
  });

  it('maps the providers’ length stops to maxTokens', () => {
    expect(samplingStopReason('length')).toBe('maxTokens');
    expect(samplingStopReason('max_tokens')).toBe('maxTokens');
    expect(samplingStopReason('end_turn')).toBe('endTurn');
  });
});
