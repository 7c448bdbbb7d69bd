// Two prompts: one with a required, an optional and an autocompleted argument, one that returns
// a multi-message conversation.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import * as z from 'zod';

const LANGUAGES = ['javascript', 'typescript', 'python', 'go', 'rust', 'java', 'c', 'cpp'];

// SDK 1.32 looks for a completer in two places: registration looks inside .optional() when
// deciding to enable the completions capability, while completion/complete only looks at the
// outer field. Tagging both keeps completion working for an optional argument without relying on
// some other completer having switched the capability on.
function optionalCompletable(description: string, complete: (value: string) => string[]) {
  return completable(completable(z.string(), complete).optional().describe(description), (value) =>
    complete(value ?? ''),
  );
}

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'review_code',
    {
      title: 'Review code',
      description: 'Asks the model to review a piece of code.',
      argsSchema: {
        code: z.string().describe('The code to review'),
        language: optionalCompletable('Programming language', (value) =>
          LANGUAGES.filter((language) => language.startsWith(value.toLowerCase())),
        ),
      },
    },
    ({ code, language }) => {
      const subject = language ? `${language} code` : 'code';
      const fence = '```';
      return {
        description: 'Code review request',
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Please review this ${subject} for bugs, readability and style:`,
                '',
                `${fence}${language ?? ''}`,
                code,
                fence,
              ].join('\n'),
            },
          },
        ],
      };
    },
  );

  server.registerPrompt(
    'greeting',
    {
      title: 'Greeting',
      description: 'A two-message conversation: the user introduces themselves, the model replies.',
      argsSchema: { name: z.string().describe('Who is saying hello') },
    },
    ({ name }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Hi, I'm ${name}.` } },
        { role: 'assistant', content: { type: 'text', text: `Hello, ${name}! How can I help?` } },
      ],
    }),
  );
}
