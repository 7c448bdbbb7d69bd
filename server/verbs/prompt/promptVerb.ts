import { argumentsOf, type RawArguments } from '../toolArguments.js';
import { defineVerb, type OwnInput } from '../verb.js';

export interface PromptRequest {
  /** The prompt's name. */
  subject?: string;
  args: RawArguments;
}

export const promptVerb = defineVerb({
  name: 'prompt',
  shape: {
    subject: { name: '<name>', description: 'the prompt to get' },
    description: "Gets a prompt with its arguments (a prompt's arguments are strings).",
    takesArguments: true,
    savesMedia: true,
    examples: ['mcp-inspect prompt greeting --arg name=Ada'],
  },
  request: ({ options, subject, fail }: OwnInput<{ arg?: string[]; args?: string }>): PromptRequest => ({
    ...(subject === undefined ? {} : { subject }),
    args: argumentsOf(options, fail),
  }),
  async session(request) {
    const { promptVerb } = await import('./runPrompt.js');
    return { run: (context) => promptVerb({ ...context, request }) };
  },
});
