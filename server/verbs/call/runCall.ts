import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import {
  callTool,
  listTools,
  mcpParamHeaders,
  type CallOutcome,
  type Listed,
} from '../../../shared/core/index.js';
import { checkArguments } from '../../session/argumentCheck.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { contentLines, indentedJson } from '../render/content.js';
import { toolArguments } from '../toolArguments.js';
import { requestFailure, within } from '../../session/failures.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';
import type { CallRequest, ToolCallRequest } from './callVerb.js';

/**
 * The tool a verb calls (`call`, `load`) and its arguments: typed by the tool's inputSchema from
 * --arg/--args, and checked against it unless --no-validate (exit 1 with every problem).
 */
export async function toolAndArguments(
  context: VerbContext<ToolCallRequest>,
): Promise<{ tool: Awaited<ReturnType<typeof findTool>>; args: Record<string, unknown> }> {
  const { request } = context;
  const name = request.subject ?? '';
  const tool = await findTool(context, name);
  const typed = toolArguments(request.args, tool.inputSchema);
  if ('error' in typed) throw new VerbFailure(EXIT.usage, 'invalid-arguments', typed.error);
  const { args } = typed;
  if (request.validate) checkAgainstSchema(context, tool, args);
  return { tool, args };
}

/**
 * `call <tool>`: the tool is looked up in tools/list (for its schema, and to say so when it is
 * not there), the arguments typed and checked against its `inputSchema`, then the core calls it:
 * input rounds answered, a task followed to its result, the call's own timer paused while a
 * question waits for the person. Progress and task status go to stderr as they come.
 */
export async function callVerb(context: VerbContext<CallRequest>): Promise<void> {
  const { out, session, link, request } = context;
  const { tool, args } = await toolAndArguments(context);
  const asTask = taskChoice(context, tool);
  // A task is polled; its status is said when it changes, not at every poll.
  const said = { status: '', message: '' };
  const taskLine = (taskId: string, status = 'working', message?: string): void => {
    if (status === said.status && (message === undefined || message === said.message)) return;
    out.notice(`task ${taskId}: ${status}${message && message !== said.message ? `: ${message}` : ''}`);
    Object.assign(said, { status, ...(message === undefined ? {} : { message }) });
  };

  const ended = await callTool({
    client: session.client,
    tool,
    args,
    timeoutMs: request.timeoutMs,
    answerer: session.answerer,
    owner: 'call:1',
    timeoutSetting: 'set with --timeout',
    // Over HTTP the target link sends them with the request (2026-07-28 `x-mcp-header` arguments).
    headers: mcpParamHeaders,
    ...(asTask ? { asTask } : {}),
    events: {
      progress: ({ progress, total, message }) =>
        out.progress(
          `progress ${progress}${total === undefined ? '' : `/${total}`}${message ? `: ${message}` : ''}`,
        ),
      task: (taskId, _form, update) => taskLine(taskId, update.status, update.statusMessage),
    },
  });

  switch (ended.status) {
    case 'done':
      return show(context, ended.outcome);
    case 'timed out':
      throw link.ended ? link.failure() : new VerbFailure(EXIT.timeout, 'timeout', ended.reason);
    case 'declined':
      throw new VerbFailure(EXIT.usage, 'declined', ended.reason);
    case 'cancelled':
      throw link.ended ? link.failure() : new VerbFailure(EXIT.serverError, 'rpc-error', ended.reason);
  }
}

/** The tool as the server lists it; one it does not list is an error (5), unless --no-validate. */
export async function findTool(context: VerbContext<ToolCallRequest>, name: string): Promise<Tool> {
  const { session, link, request } = context;
  let listed: Listed<Tool>;
  try {
    listed = await within(listTools(session.client), request.timeoutMs, 'tools/list');
  } catch (error) {
    throw requestFailure(error, link, 'tools/list');
  }
  const tool = listed.items.find((item) => item.name === name);
  if (tool) return tool;
  if (!request.validate) return { name, inputSchema: { type: 'object' } } as Tool;
  const names = listed.items.map((item) => item.name);
  const near = names.filter((other) => closeTo(name, other));
  throw new VerbFailure(EXIT.serverError, 'unknown-tool', `the server has no tool "${name}"`, [
    near.length > 0
      ? `did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`
      : names.length > 0
        ? `its tools: ${names.join(', ')}`
        : 'it lists no tools',
  ]);
}

export function checkAgainstSchema(context: VerbContext, tool: Tool, args: Record<string, unknown>): void {
  const checked = checkArguments(args, tool.inputSchema);
  if ('unusable' in checked) {
    context.out.warning(
      `the arguments were not checked: the inputSchema of "${tool.name}" cannot be used (${checked.unusable})`,
    );
    return;
  }
  if (checked.problems.length === 0) return;
  throw new VerbFailure(
    EXIT.usage,
    'invalid-arguments',
    `the arguments do not fit the inputSchema of "${tool.name}" (--no-validate sends them anyway)`,
    checked.problems.map((problem) => `${problem.path}: ${problem.message}`),
  );
}

/**
 * Whether to ask for a task: a 2025-11-25 tool that requires one gets one, an optional one with
 * --task; on a 2026-07-28 connection the server decides by itself.
 */
function taskChoice(context: VerbContext<CallRequest>, tool: Tool): boolean {
  const { session, request, out } = context;
  if (session.facts.era === 'modern') {
    if (request.asTask)
      out.notice('--task: on a 2026-07-28 connection the server decides whether a call runs as a task');
    return false;
  }
  const support = (tool as { execution?: { taskSupport?: string } }).execution?.taskSupport;
  if (support === 'required') return true;
  if (request.asTask && support !== 'optional') {
    throw new VerbFailure(
      EXIT.usage,
      'usage',
      `--task: "${tool.name}" does not run as a task (its execution.taskSupport is ${support ?? 'not set'})`,
    );
  }
  return request.asTask;
}

/** The outcome, readable or as JSON; `isError` and a JSON-RPC error end with exit code 5. */
function show(context: VerbContext, outcome: CallOutcome): void {
  const { out, link } = context;
  if (outcome.kind === 'error') {
    if (outcome.code === undefined || link.ended || link.wantsAuthorization) {
      throw requestFailure(new Error(outcome.message), link, 'tools/call');
    }
    if (out.json) {
      const error = {
        code: outcome.code,
        message: outcome.message,
        ...(outcome.data === undefined ? {} : { data: outcome.data }),
      };
      out.document({ error, meta: metaOf(context, outcome.durationMs) });
    }
    throw new VerbFailure(
      EXIT.serverError,
      'rpc-error',
      `the server answered error ${outcome.code}: ${outcome.message}`,
    );
  }
  const result = outcome.result as CallToolResult;
  if (out.json) out.document({ ...result, meta: metaOf(context, outcome.durationMs) });
  else out.lines(resultLines(context, result));
  if (result.isError === true)
    throw new VerbFailure(EXIT.serverError, 'tool-error', 'the tool returned isError: true');
}

function resultLines(context: VerbContext, result: CallToolResult): string[] {
  const lines = contentLines(result.content ?? [], context.media);
  if (result.structuredContent !== undefined) {
    if (lines.length > 0) lines.push('', 'structured content:');
    lines.push(...indentedJson(result.structuredContent));
  }
  if (lines.length === 0) context.out.notice('the tool returned no content');
  return lines;
}

/** Names a typo away: one contains the other, or at most two edits apart. */
function closeTo(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x.includes(y) || y.includes(x)) return true;
  return editDistance(x, y) <= 2;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}
