// long_task: counts slowly, reports each step, can be cancelled, and can stop halfway to ask
// whether to go on. How it runs depends on what the client can do:
// - a 2026-07-28 client that declares the tasks extension gets a task handle at once and polls
//   (modernTasks.ts);
// - a 2025-11-25 client that sends a task-augmented call gets a 2025 task (legacyTasks.ts);
// - any other client gets an ordinary call with progress notifications, and the halfway question
//   as a multi round-trip request (the SDK turns it into a real elicitation on a legacy connection).
import {
  acceptedContent,
  type CallToolResult,
  type InputRequest,
  inputRequired,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from 'zod';
import type { DemoState } from '../demoState.js';
import { mintRequestState, readRequestState } from '../requestState.js';
import type { TaskControl } from './taskStore.js';
import { clientSupportsTasks, modernTaskHandle } from './modernTasks.js';

export const LONG_TASK = 'long_task';

export const LongTaskArgs = z.object({
  steps: z.number().int().min(1).max(100).default(10).describe('How many steps to count'),
  // At most 100 steps of 5 s: a task ends well within its TTL.
  stepMs: z.number().int().min(10).max(5_000).default(1000).describe('Pause per step in ms'),
  askHalfway: z.boolean().default(false).describe('Stop halfway and ask whether to go on'),
});
type LongTaskArgs = z.infer<typeof LongTaskArgs>;

/** A task's lifetime from its creation (its TTL), and how often clients are asked to poll. */
export const TASK_TTL_MS = 10 * 60_000;
export const TASK_POLL_MS = 500;

const GoOn = z.object({ goOn: z.boolean().describe('Go on counting?') });
const GO_ON_KEY = 'go_on';
const Resumed = z.object({ tool: z.literal(LONG_TASK), done: z.number().int() });

export function registerLongTask(server: McpServer, state: DemoState) {
  return server.registerTool(
    LONG_TASK,
    {
      title: 'Long task',
      description:
        'Counts `steps` steps, `stepMs` apart, reporting each one; cancellable. Runs as a task when the ' +
        'client supports tasks (2026-07-28 tasks extension, or a 2025-11-25 task-augmented call), ' +
        'otherwise as a call with progress. With askHalfway it stops halfway to ask whether to go on.',
      inputSchema: LongTaskArgs,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args, ctx) => {
      if (clientSupportsTasks(ctx)) {
        const task = state.tasks.start((control) => longTaskJob(args, control), {
          ttlMs: TASK_TTL_MS,
          pollIntervalMs: TASK_POLL_MS,
        });
        return modernTaskHandle(task);
      }
      return runInCall(args, ctx);
    },
  );
}

/** The job as a task: count, maybe ask halfway, count on. `onStep` adds era-specific reporting. */
export async function longTaskJob(
  args: LongTaskArgs,
  control: TaskControl,
  onStep?: (step: number) => void,
): Promise<CallToolResult> {
  const stopAt = halfway(args);
  const report = (step: number) => {
    control.report(`Step ${step}/${args.steps}`);
    onStep?.(step);
  };
  await countSteps(1, stopAt, args.stepMs, control.signal, report);
  if (stopAt < args.steps) {
    control.report(`Waiting: ${stopAt} of ${args.steps} steps done, go on?`);
    const answers = await control.ask({ [GO_ON_KEY]: goOnQuestion(stopAt, args.steps) });
    if (acceptedContent(answers, GO_ON_KEY, GoOn)?.goOn !== true) return stopped(stopAt, args.steps);
    await countSteps(stopAt + 1, args.steps, args.stepMs, control.signal, report);
  }
  return finished(args.steps);
}

/** The job inside the call itself, with the halfway question as an input_required round. */
async function runInCall(args: LongTaskArgs, ctx: ServerContext) {
  const progress = (step: number) => sendProgress(ctx, step, args.steps);
  const resumed = readRequestState(ctx, Resumed);
  if (!resumed) {
    const stopAt = halfway(args);
    await countSteps(1, stopAt, args.stepMs, ctx.mcpReq.signal, progress);
    if (stopAt === args.steps) return finished(args.steps);
    // The retry brings the answer; the signed state says where counting stopped.
    return inputRequired({
      inputRequests: { [GO_ON_KEY]: goOnQuestion(stopAt, args.steps) },
      requestState: await mintRequestState({ tool: LONG_TASK, done: stopAt }, ctx),
    });
  }
  if (acceptedContent(ctx.mcpReq.inputResponses, GO_ON_KEY, GoOn)?.goOn !== true) {
    return stopped(resumed.done, args.steps);
  }
  await countSteps(resumed.done + 1, args.steps, args.stepMs, ctx.mcpReq.signal, progress);
  return finished(args.steps);
}

function halfway(args: LongTaskArgs): number {
  const half = Math.floor(args.steps / 2);
  return args.askHalfway && half >= 1 ? half : args.steps;
}

async function countSteps(
  from: number,
  to: number,
  stepMs: number,
  signal: AbortSignal,
  onStep: (step: number) => void,
): Promise<void> {
  for (let step = from; step <= to; step++) {
    // Rejects the moment the call or the task is cancelled.
    await sleep(stepMs, undefined, { signal });
    onStep(step);
  }
}

function sendProgress(ctx: ServerContext, step: number, steps: number): void {
  // Progress may only be sent against a token the client supplied.
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return;
  void ctx.mcpReq
    .notify({
      method: 'notifications/progress',
      params: { progressToken, progress: step, total: steps, message: `Step ${step}/${steps}` },
    })
    .catch(() => undefined);
}

function goOnQuestion(done: number, steps: number): InputRequest {
  return inputRequired.elicit({
    message: `${done} of ${steps} steps done. Go on counting?`,
    requestedSchema: GoOn,
  });
}

function finished(steps: number): CallToolResult {
  return { content: [{ type: 'text', text: `Counted all ${steps} steps.` }] };
}

function stopped(done: number, steps: number): CallToolResult {
  return { content: [{ type: 'text', text: `Stopped after ${done} of ${steps} steps, as asked.` }] };
}
