// Two prompts: one with a required, an optional and an autocompleted argument, one that returns
// a multi-message conversation.
import { completable, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

const LANGUAGES = ['javascript', 'typescript', 'python', 'go', 'rust', 'java', 'c', 'cpp'];

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'review_code',
    {
      title: 'Review code',
      description: 'Asks the model to review a piece of code.',
      argsSchema: z.object({
        code: z.string().describe('The code to review'),
        // SDK v2 looks inside .optional() both when it enables the completions capability and when
        // it answers completion/complete, so one completer on the inner string is enough.
        language: completable(z.string(), (value) =>
          LANGUAGES.filter((language) => language.startsWith(value.toLowerCase())),
        )
          .optional()
          .describe('Programming language'),
      }),
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
      argsSchema: z.object({ name: z.string().describe('Who is saying hello') }),
    },
    ({ name }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Hi, I'm ${name}.` } },
        { role: 'assistant', content: { type: 'text', text: `Hello, ${name}! How can I help?` } },
      ],
    }),
  );
}
