// A real SDK v2 server for the page's call tests: its `book` tool needs an elicitation round, then
// a sampling round (the modern era's input rounds), and `slow` answers late.
import { McpServer, acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** A real SDK v2 server whose `book` tool needs an elicitation round, then a sampling round. */
export function bookingServer(): McpServer {
  const server = new McpServer({ name: 'booking', version: '1.0.0' });
  server.registerTool(
    'book',
    { description: 'Books seats', inputSchema: z.object({ show: z.string() }) },
    async ({ show }, ctx) => {
      // Each retry carries only the latest round's answers; what came before rides in requestState.
      const state = ctx.mcpReq.requestState<string>();
      const named = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'who');
      const who =
        named ?? (state?.startsWith('after-poem:') ? { name: state.slice('after-poem:'.length) } : undefined);
      if (!who) {
        return inputRequired({
          inputRequests: {
            who: inputRequired.elicit({
              message: `Who is going to ${show}?`,
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name'],
              },
            }),
          },
          requestState: 'after-who',
        });
      }
      const reply = ctx.mcpReq.inputResponses?.poem as { content?: { text?: string } } | undefined;
      if (!reply) {
        return inputRequired({
          inputRequests: {
            poem: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `A line for ${who.name}` } }],
              maxTokens: 20,
            }),
          },
          requestState: `after-poem:${who.name}`,
        });
      }
      return {
        content: [{ type: 'text', text: `Booked ${show} for ${who.name}: ${reply.content?.text ?? ''}` }],
      };
    },
  );
  server.registerTool('slow', { description: 'Answers after two seconds' }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return { content: [{ type: 'text', text: 'late' }] };
  });
  return server;
}
