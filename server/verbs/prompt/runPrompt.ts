import type { PromptRequest } from './promptVerb.js';
import { getPrompt, promptOwner } from '../../../shared/core/index.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { contentLines } from '../render/content.js';
import { promptArguments } from '../toolArguments.js';
import { timedRequest } from '../run/timedRequest.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';

/** `prompt <name>`: its messages, each under its role; media summarised or saved. */
export async function promptVerb(context: VerbContext<PromptRequest>): Promise<void> {
  const { out, session, request } = context;
  const name = request.subject ?? '';
  const typed = promptArguments(request.args);
  if ('error' in typed) throw new VerbFailure(EXIT.usage, 'invalid-arguments', typed.error);
  const { args } = typed;
  const { result, latencyMs } = await timedRequest(context, 'prompts/get', `prompts/get ${name}`, (signal) =>
    getPrompt(session.client, name, args, { answerer: session.answerer, owner: promptOwner(name), signal }),
  );
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
