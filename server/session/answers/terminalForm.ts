import { createInterface } from 'node:readline/promises';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { visibleControls } from '../../../shared/terminalText.js';
import { withDefaults } from './elicitPlan.js';

/** Where the terminal form reads and writes: the person's terminal (stdin, stderr) or a test's streams. */
export interface TerminalIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

type FieldSchema = Record<string, unknown>;

/**
 * Puts a server's elicitation to the person in the terminal: its message, whether to answer at
 * all (decline, cancel), then the requested schema's fields one by one, each checked as it is
 * typed (a number, a choice, a required field) and asked again until it fits. Output goes to
 * stderr's side, so stdout keeps only the verb's result.
 */
export async function askInTerminal(
  params: ElicitRequest['params'],
  io: TerminalIo,
  signal?: AbortSignal,
): Promise<ElicitResult> {
  const lines = createInterface({ input: io.input, output: io.output, terminal: false });
  // The server's words (its message, URL, field titles, descriptions and choices) are shown, their
  // escape sequences not obeyed.
  const ask = (query: string): Promise<string> =>
    lines.question(visibleControls(query), signal ? { signal } : {}).then((answer) => answer.trim());
  const write = (text: string): void => void io.output.write(visibleControls(text));
  try {
    const url =
      (params as { mode?: string; url?: string }).mode === 'url'
        ? (params as { url?: string }).url
        : undefined;
    write(`\nThe server asks: ${params.message}\n`);
    if (url !== undefined) write(`  It wants you to open: ${url}\n`);
    const choice = await ask(
      url === undefined
        ? 'Answer it? [Y]es, [n]o (decline), [c]ancel: '
        : 'Done there? [Y]es, [n]o (decline), [c]ancel: ',
    );
    if (/^n/i.test(choice)) return { action: 'decline' };
    if (/^c/i.test(choice)) return { action: 'cancel' };
    if (url !== undefined) return { action: 'accept' };
    const schema = (
      params as { requestedSchema?: { properties?: Record<string, FieldSchema>; required?: string[] } }
    ).requestedSchema;
    const required = new Set(schema?.required ?? []);
    const content: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(schema?.properties ?? {})) {
      for (;;) {
        const typed = await ask(prompt(name, field, required.has(name)));
        const read = readField(typed, field, required.has(name));
        if ('error' in read) {
          write(`    ${read.error}\n`);
          continue;
        }
        if ('value' in read) content[name] = read.value;
        break;
      }
    }
    return { action: 'accept', content: withDefaults(content, schema) as ElicitResult['content'] };
  } finally {
    lines.close();
  }
}

function prompt(name: string, field: FieldSchema, required: boolean): string {
  const title = typeof field.title === 'string' ? field.title : name;
  const description = typeof field.description === 'string' ? ` (${field.description})` : '';
  const options = choices(field);
  const kind = options ? `one of ${options.map((o) => o.value).join(', ')}` : typeName(field);
  const fallback = field.default === undefined ? '' : ` [${String(field.default)}]`;
  return `  ${title}${description}, ${kind}${required ? '' : ', optional'}${fallback}: `;
}

function typeName(field: FieldSchema): string {
  if (field.type === 'array') return 'comma-separated choices';
  if (field.type === 'boolean') return 'y/n';
  return typeof field.type === 'string' ? field.type : 'text';
}

/** The choices of an enum field: `enum`, or `oneOf` of `const`s with titles. */
function choices(field: FieldSchema): { value: string; title?: string }[] | undefined {
  if (Array.isArray(field.enum)) return field.enum.map((value) => ({ value: String(value) }));
  const oneOf = field.oneOf ?? field.anyOf;
  if (Array.isArray(oneOf)) {
    return oneOf.flatMap((option: { const?: unknown; title?: unknown }) =>
      option?.const === undefined ? [] : [{ value: String(option.const) }],
    );
  }
  return undefined;
}

/** One typed answer read against its field: a value, nothing (left out), or why it does not fit. */
export function readField(
  typed: string,
  field: FieldSchema,
  required: boolean,
): { value: unknown } | { skip: true } | { error: string } {
  if (typed === '') {
    if (field.default !== undefined) return { value: field.default };
    return required ? { error: 'this one is required' } : { skip: true };
  }
  if (field.type === 'array') {
    const items = (field.items ?? {}) as FieldSchema;
    const allowed = choices(items)?.map((option) => option.value);
    const values = typed
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const wrong = allowed ? values.filter((value) => !allowed.includes(value)) : [];
    return wrong.length > 0 ? { error: `not a choice: ${wrong.join(', ')}` } : { value: values };
  }
  const options = choices(field);
  if (options) {
    const byNumber = /^\d+$/.test(typed) ? options[Number(typed) - 1] : undefined;
    const chosen = options.find((option) => option.value === typed) ?? byNumber;
    return chosen
      ? { value: chosen.value }
      : { error: `choose one of ${options.map((o) => o.value).join(', ')}` };
  }
  if (field.type === 'boolean') {
    if (/^(y|yes|true|1)$/i.test(typed)) return { value: true };
    if (/^(n|no|false|0)$/i.test(typed)) return { value: false };
    return { error: 'answer y or n' };
  }
  if (field.type === 'number' || field.type === 'integer') {
    const value = Number(typed);
    if (!Number.isFinite(value)) return { error: 'a number, please' };
    if (field.type === 'integer' && !Number.isInteger(value)) return { error: 'a whole number, please' };
    if (typeof field.minimum === 'number' && value < field.minimum)
      return { error: `at least ${field.minimum}` };
    if (typeof field.maximum === 'number' && value > field.maximum)
      return { error: `at most ${field.maximum}` };
    return { value };
  }
  return { value: typed };
}
