import type { GetPromptResult } from '@modelcontextprotocol/client';
import { getPrompt, promptOwner } from '../../../shared/core/index.js';
import { EXIT, VerbFailure } from '../exitCodes.js';
import { contentLines } from '../render/content.js';
import { promptArguments } from '../toolArguments.js';
import { abortAfter, printRpcError, requestFailure, TimedOut } from './failures.js';
import { metaOf, type VerbContext } from './verbContext.js';

/** `prompt <name>`: its messages, each under its role; media summarised or saved. */
export async function promptVerb(context: VerbContext): Promise<void> {
  const { out, session, link, request } = context;
  const name = request.subject ?? '';
  const typed = promptArguments(request.args);
  if ('error' in typed) throw new VerbFailure(EXIT.usage, 'invalid-arguments', typed.error);
  const { args } = typed;
  const controller = new AbortController();
  const stop = abortAfter(controller, request.timeoutMs, 'prompts/get');
  const started = performance.now();
  let result: GetPromptResult;
  try {
    result = await getPrompt(session.client, name, args, {
      answerer: session.answerer,
      owner: promptOwner(name),
      signal: controller.signal,
    });
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    printRpcError(context, error, performance.now() - started);
    throw requestFailure(reason instanceof TimedOut ? reason : error, link, `prompts/get ${name}`);
  } finally {
    stop();
  }
  const latencyMs = performance.now() - started;
  if (out.json) {
    out.document({ ...result, meta: metaOf(context, latencyMs) });
    return;
  }
  const lines: string[] = result.description ? [result.description, ''] : [];
  for (const message of result.messages) {
    lines.push(`[${message.role}]`, ...contentLines([message.content], context.media));
  }
  out.lines(lines);
}
