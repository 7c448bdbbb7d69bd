import {
  listPrompts,
  listResourceTemplates,
  listResources,
  listTools,
  type Listed,
} from '../../../shared/core/index.js';
import { promptLines, resourceLines, templateLines, toolLines } from './listText.js';
import { requestFailure, within } from '../../session/failures.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';

export type ListVerb = 'tools' | 'resources' | 'templates' | 'prompts';

/**
 * `tools`, `resources`, `templates`, `prompts`: every page of the list (the core follows
 * `nextCursor`), one item a line, or with `--json` the list under the key the server uses, its
 * cache hint, and `meta`.
 */
export function runListVerb(verb: ListVerb, context: VerbContext): Promise<void> {
  const { client } = context.session;
  switch (verb) {
    case 'tools':
      return show(
        context,
        { method: 'tools/list', key: 'tools', noun: 'tools' },
        () => listTools(client),
        toolLines,
      );
    case 'resources':
      return show(
        context,
        { method: 'resources/list', key: 'resources', noun: 'resources' },
        () => listResources(client),
        resourceLines,
      );
    case 'templates':
      return show(
        context,
        { method: 'resources/templates/list', key: 'resourceTemplates', noun: 'resource templates' },
        () => listResourceTemplates(client),
        templateLines,
      );
    case 'prompts':
      return show(
        context,
        { method: 'prompts/list', key: 'prompts', noun: 'prompts' },
        () => listPrompts(client),
        promptLines,
      );
  }
}

async function show<T>(
  context: VerbContext,
  list: { method: string; key: string; noun: string },
  fetch: () => Promise<Listed<T>>,
  lines: (items: T[]) => string[],
): Promise<void> {
  const { out, link, request } = context;
  const started = performance.now();
  let listed: Listed<T>;
  try {
    listed = await within(fetch(), request.timeoutMs, list.method);
  } catch (error) {
    throw requestFailure(error, link, list.method);
  }
  const latencyMs = performance.now() - started;
  if (out.json) {
    out.document({
      [list.key]: listed.items,
      ...(listed.hint ? { ttlMs: listed.hint.ttlMs, cacheScope: listed.hint.cacheScope } : {}),
      meta: metaOf(context, latencyMs),
    });
    return;
  }
  if (listed.items.length === 0) out.notice(`the server lists no ${list.noun}`);
  else out.lines(lines(listed.items));
}
