// book_table: a call that needs the person twice before it can answer. First an elicitation form
// (name and seats), then a sampling request (a welcome line from the model). Written once as a
// multi round-trip (MRTR) handler: a 2026-07-28 client gets `input_required` results and retries
// with `inputResponses`; on a 2025-era connection the SDK's legacy shim sends real
// elicitation/create and sampling/createMessage requests and re-enters this handler with the
// answers, so both eras run the same code.
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { mintRequestState, readRequestState } from './requestState.js';

const BookingForm = z.object({
  name: z.string().min(1).describe('Name for the booking'),
  seats: z.number().int().min(1).max(12).describe('How many seats (1-12)'),
});

// What survives between the two rounds: the second round's retry carries only the sampling answer.
const BookingState = z.object({ tool: z.literal('book_table'), name: z.string(), seats: z.number() });

export function registerBookingTool(server: McpServer): void {
  server.registerTool(
    'book_table',
    {
      title: 'Book a table',
      description:
        'Asks you for a name and a number of seats (elicitation form), then asks the model for a ' +
        'welcome line (sampling), then confirms the booking. Needs the client to support both.',
      inputSchema: z.object({
        restaurant: z.string().min(1).max(100).default('Chez MCP').describe('Where to book'),
      }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    async ({ restaurant }, ctx) => {
      const booked = readRequestState(ctx, BookingState);
      if (booked) {
        // Round 3: the model's welcome line has come back.
        const welcome = inputResponse(ctx.mcpReq.inputResponses, 'welcome');
        if (welcome.kind !== 'sampling') return notBooked('no welcome line came back from the model');
        const line = textOf(welcome.result.content);
        return {
          content: [
            {
              type: 'text',
              text: `Booked a table for ${booked.seats} at ${restaurant} under the name ${booked.name}.\nWelcome line (from ${welcome.result.model}): ${line}`,
            },
          ],
        };
      }

      const answer = inputResponse(ctx.mcpReq.inputResponses, 'booking');
      if (answer.kind === 'elicit' && answer.action !== 'accept') {
        return notBooked(answer.action === 'decline' ? 'you declined the form' : 'you cancelled the form');
      }
      const form = answer.kind === 'elicit' ? BookingForm.safeParse(answer.content) : undefined;
      if (!form?.success) {
        // Round 1 (or an answer that does not fit the form: ask again).
        return inputRequired({
          inputRequests: {
            booking: inputRequired.elicit({
              message: `Who is the table at ${restaurant} for, and how many seats?`,
              requestedSchema: BookingForm,
            }),
          },
        });
      }

      // Round 2: the form is filled in; ask the model, and keep the booking in signed state.
      const { name, seats } = form.data;
      return inputRequired({
        inputRequests: {
          welcome: inputRequired.createMessage({
            messages: [
              {
                role: 'user',
                content: {
                  type: 'text',
                  text: `Write a one-line welcome for ${name}, a party of ${seats}, at ${restaurant}.`,
                },
              },
            ],
            systemPrompt: 'You are a friendly restaurant host. Answer with one short sentence.',
            maxTokens: 100,
          }),
        },
        requestState: await mintRequestState({ tool: 'book_table', name, seats }, ctx),
      });
    },
  );
}

function notBooked(reason: string) {
  return { content: [{ type: 'text' as const, text: `No table booked: ${reason}.` }] };
}

/** The text of a sampling reply, which may be one content block or several. */
function textOf(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  const texts = blocks.flatMap((block: { type?: unknown; text?: unknown }) =>
    block?.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
  );
  return texts.join(' ') || '(no text)';
}
