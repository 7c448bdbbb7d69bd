import { describe, expect, it } from 'vitest';
import { draftOf, preferenceWords, replyOf, samplingAsk, samplingStopReason } from './samplingDraft.js';

const weatherTool = {
  name: 'weather.lookup',
  description: 'Weather for a city',
  inputSchema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('a sampling request for the configured model', () => {
  it('gives the messages, images where the provider takes them, the system prompt and the settings', () => {
    const params = {
      systemPrompt: 'Be warm.',
      maxTokens: 50,
      temperature: 0.3,
      stopSequences: ['END'],
      includeContext: 'thisServer' as const,
      messages: [
        { role: 'user' as const, content: { type: 'text' as const, text: 'A line for Ada' } },
        { role: 'assistant' as const, content: { type: 'text' as const, text: 'Which tone?' } },
        {
          role: 'user' as const,
          content: [
            { type: 'text' as const, text: 'Cheerful, like this' },
            { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' },
            { type: 'audio' as const, data: 'UklG', mimeType: 'audio/wav' },
          ],
        },
      ],
    };
    const openai = samplingAsk(params, 'openai');
    expect(openai.system).toBe('Be warm.');
    expect(openai.turns).toEqual([
      { role: 'user', text: 'A line for Ada' },
      { role: 'assistant', text: 'Which tone?', toolCalls: [] },
      {
        role: 'user',
        text: 'Cheerful, like this',
        media: [
          { kind: 'image', data: 'AAAA', mimeType: 'image/png' },
          { kind: 'audio', data: 'UklG', mimeType: 'audio/wav' },
        ],
      },
    ]);
    expect(openai.settings).toEqual({ maxTokens: 50, temperature: 0.3, stopSequences: ['END'] });
    expect(openai.leftOut).toEqual([
      'includeContext "thisServer" (mcp-inspect does not declare sampling.context: the request\'s own messages are all the model sees)',
    ]);
    // Anthropic takes the image, not the sound: said.
    const anthropic = samplingAsk(params, 'anthropic');
    expect(anthropic.turns[2]).toEqual({
      role: 'user',
      text: 'Cheerful, like this',
      media: [{ kind: 'image', data: 'AAAA', mimeType: 'image/png' }],
    });
    expect(anthropic.leftOut[0]).toBe("message 3: an audio (Anthropic's Messages API takes no audio)");
  });

  it('translates the tools, the earlier tool_use and its tool_result, and the tool choice', () => {
    const ask = samplingAsk(
      {
        maxTokens: 100,
        tools: [weatherTool, { name: 'plain', inputSchema: { type: 'object' } }],
        toolChoice: { mode: 'required' },
        messages: [
          { role: 'user', content: { type: 'text', text: 'Weather in Paris?' } },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'u1', name: 'weather.lookup', input: { city: 'Paris' } }],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                toolUseId: 'u1',
                content: [
                  { type: 'text', text: '18°C, clear' },
                  { type: 'image', data: 'AAAA', mimeType: 'image/png' },
                ],
              },
            ],
          },
        ],
      },
      'anthropic',
    );
    expect(ask.translation.tools.map((tool) => tool.name)).toEqual(['weather_lookup', 'plain']);
    expect(ask.turns).toEqual([
      { role: 'user', text: 'Weather in Paris?' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'u1', name: 'weather_lookup', argumentsText: '{"city":"Paris"}' }],
      },
      {
        role: 'tool',
        results: [{ callId: 'u1', name: 'weather_lookup', text: '18°C, clear', isError: false }],
      },
    ]);
    expect(ask.settings.toolChoice).toBe('required');
    expect(ask.notes).toEqual([
      'tool "weather.lookup": renamed "weather.lookup" → "weather_lookup" (the name has characters other than letters, digits, "_" and "-")',
      'tool "plain": no description: the model chooses it by its name alone',
    ]);
    expect(ask.leftOut).toEqual([
      "message 3's tool_result: a image block (a tool result goes to the model as text)",
    ]);
  });

  it('turns the model’s call into a tool_use reply under the server’s name, stopReason toolUse', () => {
    const ask = samplingAsk({ maxTokens: 10, tools: [weatherTool], messages: [] }, 'openai');
    const draft = draftOf(
      {
        text: 'Looking it up.',
        toolCalls: [{ id: 'call_1', name: 'weather_lookup', argumentsText: '{"city":"Oslo"}' }],
        stopReason: 'tool_calls',
        usage: {},
      },
      ask,
      'gpt-test',
    );
    expect(draft).toEqual({
      text: 'Looking it up.',
      toolUses: [{ id: 'call_1', name: 'weather.lookup', argumentsText: '{"city":"Oslo"}' }],
      model: 'gpt-test',
      stopReason: 'toolUse',
    });
    expect(replyOf(draft)).toEqual({
      reply: {
        role: 'assistant',
        model: 'gpt-test',
        stopReason: 'toolUse',
        content: [
          { type: 'text', text: 'Looking it up.' },
          { type: 'tool_use', id: 'call_1', name: 'weather.lookup', input: { city: 'Oslo' } },
        ],
      },
    });
    // The person's edit that breaks the arguments is said, and no reply is built.
    expect(replyOf({ ...draft, toolUses: [{ ...draft.toolUses[0]!, argumentsText: '{"city":' }] })).toEqual({
      problem: expect.stringMatching(/^weather\.lookup: the arguments are not JSON/) as unknown,
    });
    // Without calls, one text block, as a request without tools expects.
    expect(replyOf({ text: 'Hi', toolUses: [], model: 'm', stopReason: 'endTurn' })).toEqual({
      reply: { role: 'assistant', content: { type: 'text', text: 'Hi' }, model: 'm', stopReason: 'endTurn' },
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

  it('maps the providers’ stop reasons to sampling’s', () => {
    expect(samplingStopReason('length')).toBe('maxTokens');
    expect(samplingStopReason('max_tokens')).toBe('maxTokens');
    expect(samplingStopReason('stop_sequence')).toBe('stopSequence');
    expect(samplingStopReason('tool_use')).toBe('toolUse');
    expect(samplingStopReason('tool_calls')).toBe('toolUse');
    expect(samplingStopReason('end_turn')).toBe('endTurn');
  });
});
