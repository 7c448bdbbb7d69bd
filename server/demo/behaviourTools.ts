// Tools that exercise protocol behaviour rather than content: errors, progress, cancellation,
// list_changed, logging and missing annotations.
import { setTimeout as sleep } from 'node:timers/promises';
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { DemoState } from './demoState.js';

export function registerBehaviourTools(server: McpServer, state: DemoState): void {
  server.registerTool(
    'fail',
    {
      title: 'Fail',
      description: 'Always fails with isError: true, to show how tool errors are reported.',
      inputSchema: z.object({
        reason: z.string().max(500).optional().describe('Text to include in the error'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ reason }) => ({
      // A tool-level error is a normal result with isError set, not a JSON-RPC error.
      isError: true,
      content: [{ type: 'text', text: `Tool failed on purpose: ${reason ?? 'no reason given'}` }],
    }),
  );

  server.registerTool(
    'slow_count',
    {
      title: 'Slow count',
      description: 'Counts up one step per delay, reporting progress when asked and stopping when cancelled.',
      inputSchema: z.object({
        steps: z.number().int().min(1).max(100).default(5).describe('How far to count'),
        delayMs: z.number().int().min(0).max(10000).default(200).describe('Pause per step in ms'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ steps, delayMs }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (let step = 1; step <= steps; step++) {
        // Rejects the moment the client cancels; the SDK then drops the response, as the spec
        // requires for a cancelled request.
        await sleep(delayMs, undefined, { signal: ctx.mcpReq.signal });
        // Progress may only be sent against a token the client supplied.
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: {
              progressToken,
              progress: step,
              total: steps,
              message: `Step ${step}/${steps}`,
            },
          });
        }
      }
      return { content: [{ type: 'text', text: `Counted to ${steps}` }] };
    },
  );

  server.registerTool(
    'toggle_bonus_tool',
    {
      title: 'Toggle bonus tool',
      description:
        'Adds or removes the `bonus` tool, which makes the server send tools/list_changed. Takes no arguments and never fails: each call flips the state.',
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    () => {
      // Every live instance (this one included) hears the change and adds or removes the tool on
      // itself, which is what makes the SDK send notifications/tools/list_changed.
      const listed = state.toggleBonus();
      return {
        content: [{ type: 'text', text: listed ? 'bonus is now listed' : 'bonus is no longer listed' }],
      };
    },
  );

  // Deliberately no annotations, so clients have to show the spec defaults (not read-only,
  // destructive, not idempotent, open world).
  server.registerTool(
    'annotations_absent',
    {
      title: 'No annotations',
      description: 'Declares no annotations at all, so every hint takes its spec default.',
    },
    () => ({ content: [{ type: 'text', text: 'ok' }] }),
  );

  server.registerTool(
    'log_message',
    {
      title: 'Log a message',
      description: 'Sends a notifications/message log entry at the chosen level.',
      inputSchema: z.object({
        level: z.enum(['debug', 'info', 'notice', 'warning', 'error']).describe('Log level'),
        text: z.string().max(2000).describe('Message to log'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ level, text }, ctx) => {
      // ctx.mcpReq.log rather than a raw notification: it filters by the level the client chose
      // (logging/setLevel on a legacy connection, the request's own
      // _meta["io.modelcontextprotocol/logLevel"] on a modern one, where no level means no log)
      // and sends the message on the stream of this request.
      await ctx.mcpReq.log(level, text, 'demo');
      return { content: [{ type: 'text', text: 'logged' }] };
    },
  );
}
