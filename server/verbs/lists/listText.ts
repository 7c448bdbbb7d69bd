import type { Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client';

/** Longest first column before descriptions stop lining up with it. */
const MAX_COLUMN = 44;

/** Tools, one a line: `name(arg, optional?)`, what it does, and its hints. */
export function toolLines(tools: readonly Tool[]): string[] {
  return table(
    tools.map((tool) => {
      const schema = tool.inputSchema as { properties?: Record<string, unknown>; required?: string[] };
      const signature = callSignature(tool.name, Object.keys(schema.properties ?? {}), schema.required ?? []);
      return [signature, withFlags(summary(tool.title, tool.description), toolFlags(tool))];
    }),
  );
}

/** Resources, one a line: URI, name and media type, and description. */
export function resourceLines(resources: readonly Resource[]): string[] {
  return table(
    resources.map((resource) => {
      const named = [resource.name, resource.mimeType].filter(Boolean).join(', ');
      return [
        resource.uri,
        [named && `(${named})`, firstLine(resource.description)].filter(Boolean).join(' '),
      ];
    }),
  );
}

/** Resource templates, one a line: the URI template, name, description. */
export function templateLines(templates: readonly ResourceTemplateType[]): string[] {
  return table(
    templates.map((template) => [
      template.uriTemplate,
      [template.name && `(${template.name})`, firstLine(template.description)].filter(Boolean).join(' '),
    ]),
  );
}

/** Prompts, one a line: `name(arg, optional?)` and description. */
export function promptLines(prompts: readonly Prompt[]): string[] {
  return table(
    prompts.map((prompt) => {
      const args = prompt.arguments ?? [];
      const signature = callSignature(
        prompt.name,
        args.map((arg) => arg.name),
        args.filter((arg) => arg.required).map((arg) => arg.name),
      );
      return [signature, summary(prompt.title, prompt.description)];
    }),
  );
}

function callSignature(name: string, params: readonly string[], required: readonly string[]): string {
  return `${name}(${params.map((param) => (required.includes(param) ? param : `${param}?`)).join(', ')})`;
}

function toolFlags(tool: Tool): string[] {
  const annotations = tool.annotations ?? {};
  const flags: string[] = [];
  if (annotations.readOnlyHint) flags.push('read-only');
  else if (annotations.destructiveHint) flags.push('destructive');
  const taskSupport = (tool as { execution?: { taskSupport?: string } }).execution?.taskSupport;
  if (taskSupport === 'required' || taskSupport === 'optional') flags.push(`task: ${taskSupport}`);
  return flags;
}

function withFlags(text: string, flags: readonly string[]): string {
  return flags.length === 0 ? text : `${text}${text ? '  ' : ''}[${flags.join(', ')}]`;
}

function summary(title: string | undefined, description: string | undefined): string {
  const first = firstLine(description);
  if (title && first) return `${title}: ${first}`;
  return title ?? first;
}

function firstLine(text: string | undefined): string {
  return (text ?? '').trim().split('\n')[0]?.trim() ?? '';
}

/** Two columns, the first padded to a common width (up to a limit, past which a row goes its own way). */
function table(rows: readonly [string, string][]): string[] {
  const width = Math.min(MAX_COLUMN, Math.max(0, ...rows.map(([first]) => first.length)));
  return rows.map(([first, second]) => (second ? `${first.padEnd(width)}  ${second}` : first));
}
