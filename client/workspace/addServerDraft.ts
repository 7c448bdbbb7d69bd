import type { NewServer } from '../../shared/workspace/editWire';
import { splitArgs } from '../features/connection/argsText';
import type { SecretRow, TargetDraft } from '../features/connection/targetDraft';

/** The Add a server form: a name, and what the single server's connection form holds. */
export interface AddDraft extends Pick<
  TargetDraft,
  'kind' | 'command' | 'args' | 'cwd' | 'env' | 'url' | 'transport' | 'headers' | 'era'
> {
  name: string;
}

export const EMPTY_ADD_DRAFT: AddDraft = {
  name: '',
  kind: 'stdio',
  command: '',
  args: '',
  cwd: '',
  env: [],
  url: '',
  transport: 'auto',
  headers: [],
  era: 'auto',
};

/** Name/value rows as a map; a blank row is skipped, a value without a name is a mistake. */
function pairs(rows: readonly SecretRow[], what: string): Record<string, string> | { error: string } {
  const map: Record<string, string> = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' && row.value === '') continue;
    if (name === '') return { error: `a ${what} has a value but no name` };
    if (name in map) return { error: `the ${what} ${name} is given twice` };
    map[name] = row.value;
  }
  return map;
}

/**
 * The form as the bridge takes it (editWire.ts's NewServer), or the first mistake in it, said as
 * the form names its fields. The bridge checks it again, strictly.
 */
export function newServerFromDraft(draft: AddDraft): NewServer | { error: string } {
  const name = draft.name.trim();
  if (name === '') return { error: 'give the server a name' };
  const era = draft.era === 'auto' ? {} : { era: draft.era };
  if (draft.kind === 'url') {
    const url = draft.url.trim();
    if (url === '') return { error: 'give the server’s URL' };
    const headers = pairs(draft.headers, 'header');
    if ('error' in headers) return { error: headers.error as string };
    return {
      kind: 'url',
      name,
      url,
      ...(draft.transport === 'auto' ? {} : { transport: draft.transport }),
      headers,
      ...era,
    };
  }
  const command = draft.command.trim();
  if (command === '') return { error: 'give the command that starts the server' };
  const args = splitArgs(draft.args);
  if ('error' in args) return { error: `Arguments: ${args.error}` };
  const env = pairs(draft.env, 'variable');
  if ('error' in env) return { error: env.error as string };
  const cwd = draft.cwd.trim();
  return { kind: 'stdio', name, command, args: args.args, env, ...(cwd === '' ? {} : { cwd }), ...era };
}
