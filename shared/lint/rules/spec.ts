import type { LintInput, RawFinding, Rule } from '../findings.js';
import { child } from '../jsonPath.js';
import { dialectOf, metaSchemaProblems, valueProblems } from '../schemaCheck.js';
import { isSchemaObject } from '../schemaWalk.js';
import { REF } from './references.js';

/**
 * Spec rules: what the server lists and answers, against what the MCP spec says of it. Each cites
 * its section.
 */

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
/** Protocol revisions a client may negotiate, oldest first. */
const KNOWN_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
const MODERN_VERSION = '2026-07-28';
const MIME_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(\s*;.*)?$/;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

const tools = (input: LintInput) =>
  input.surface.tools.map((tool, index) => ({ tool, path: `tools[${index}]` }));

export const SPEC_RULES: Rule[] = [
  {
    id: 'tool-name-format',
    family: 'spec',
    severity: 'warning',
    title: 'Tool names are 1–128 characters of A–Z a–z 0–9 _ - .',
    why: 'Clients and model providers reject or rewrite other names (spaces, slashes, long names): the tool then cannot be called, or is called under another name.',
    fix: 'Rename the tool with letters, digits, underscore, hyphen and dot only, at most 128 characters (64 is safer for some model providers).',
    reference: REF.toolNames,
    check: (input) =>
      tools(input)
        .filter(({ tool }) => typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name))
        .map(({ tool, path }) => ({
          path: child(path, 'name'),
          subject: String(tool.name),
          subjectKind: 'tool',
          message: `tool name ${JSON.stringify(tool.name)} is not 1–128 characters of A–Z a–z 0–9 _ - .`,
        })),
  },
  {
    id: 'tool-name-unique',
    family: 'spec',
    severity: 'error',
    title: "Tool names are unique within the server's list",
    why: 'A client calls a tool by name: of two tools with one name, only one can be reached, and which one depends on the client.',
    fix: 'Give each tool its own name.',
    reference: REF.toolNames,
    check: (input) =>
      duplicates(
        tools(input).map(({ tool, path }) => ({ key: tool.name, path })),
        'tool',
        'name',
      ),
  },
  {
    id: 'schema-root-object',
    family: 'spec',
    severity: 'error',
    title: 'inputSchema and outputSchema have type "object"',
    why: 'The spec types both as an object schema: arguments are a JSON object and structured content is one. Clients build forms and validators on that; many refuse the tool otherwise.',
    fix: 'Give the schema "type": "object" at its root, and put the values under "properties".',
    reference: REF.tool,
    check: (input) =>
      tools(input).flatMap(({ tool, path }) =>
        (['inputSchema', 'outputSchema'] as const).flatMap((key): RawFinding[] => {
          const schema = (tool as Record<string, unknown>)[key];
          if (schema === undefined && key === 'outputSchema') return [];
          if (isSchemaObject(schema) && schema.type === 'object') return [];
          return [
            {
              path: child(path, key),
              subject: tool.name,
              subjectKind: 'tool',
              message: `${key} of ${tool.name} ${!isSchemaObject(schema) ? 'is not an object' : 'type' in schema ? `has type ${JSON.stringify(schema.type)}` : 'has no type'}, not "object"`,
            },
          ];
        }),
      ),
  },
  {
    id: 'schema-valid',
    family: 'spec',
    severity: 'error',
    title: 'inputSchema and outputSchema are valid JSON Schema (2020-12, or the draft they declare)',
    why: 'A client that cannot compile the schema cannot check arguments or results against it; some refuse the whole tool list.',
    fix: 'Correct the schema so that it meets its dialect\'s meta-schema (2020-12 unless "$schema" says otherwise), with every "$ref" resolvable.',
    reference: REF.jsonSchema,
    check: (input) =>
      tools(input).flatMap(({ tool, path }) =>
        (['inputSchema', 'outputSchema'] as const).flatMap((key): RawFinding[] => {
          const schema = (tool as Record<string, unknown>)[key];
          if (!isSchemaObject(schema)) return [];
          const dialect = dialectOf(schema);
          if (!('dialect' in dialect)) return [];
          const problems = metaSchemaProblems(schema, dialect.dialect);
          if (problems.length === 0) return [];
          return [
            {
              path: child(path, key),
              subject: tool.name,
              subjectKind: 'tool',
              message: `${key} of ${tool.name} is not a valid schema: ${problems.join('; ')}`,
            },
          ];
        }),
      ),
  },
  {
    id: 'schema-dialect',
    family: 'spec',
    severity: 'warning',
    title: 'A schema declares a dialect clients know ($schema)',
    why: 'MCP schemas are 2020-12 unless they declare another; a dialect a client does not know (draft-04, draft-06, a typo) is read as something else, or refused.',
    fix: 'Drop "$schema" (2020-12 is the default) or declare 2020-12 or draft-07.',
    reference: REF.jsonSchema,
    check: (input) =>
      tools(input).flatMap(({ tool, path }) =>
        (['inputSchema', 'outputSchema'] as const).flatMap((key): RawFinding[] => {
          const dialect = dialectOf((tool as Record<string, unknown>)[key]);
          if ('dialect' in dialect) return [];
          return [
            {
              path: child(child(path, key), '$schema'),
              subject: tool.name,
              subjectKind: 'tool',
              message: `${key} of ${tool.name} declares ${dialect.unknown}, which is not checked here and not known to many clients`,
            },
          ];
        }),
      ),
  },
  {
    id: 'structured-content',
    family: 'spec',
    severity: 'error',
    title: 'A tool with an outputSchema returns structuredContent that fits it',
    why: 'With an outputSchema declared, servers MUST return structured results that conform to it, and clients validate them: a result without it, or that does not fit, is refused.',
    fix: 'Return structuredContent on every successful result, shaped as the outputSchema says (and the same data as text, for older clients).',
    reference: REF.outputSchema,
    check: (input) =>
      (input.observations?.results ?? []).flatMap((seen): RawFinding[] => {
        const index = input.surface.tools.findIndex((tool) => tool.name === seen.tool);
        const tool = input.surface.tools[index];
        if (!tool?.outputSchema || seen.result.isError === true) return [];
        const path = `tools[${index}].outputSchema`;
        if (seen.result.structuredContent === undefined)
          return [
            {
              path,
              subject: tool.name,
              subjectKind: 'tool',
              message: `${tool.name} declares an outputSchema but returned no structuredContent`,
            },
          ];
        const problems = valueProblems(tool.outputSchema, seen.result.structuredContent);
        if (!problems || problems.length === 0) return [];
        return [
          {
            path,
            subject: tool.name,
            subjectKind: 'tool',
            message: `structuredContent returned by ${tool.name} does not fit its outputSchema: ${problems.join('; ')}`,
          },
        ];
      }),
  },
  {
    id: 'annotation-types',
    family: 'spec',
    severity: 'error',
    title: 'Tool annotations have their types (hints are booleans, title a string)',
    why: 'Clients decide on confirmation prompts from these hints; a hint of the wrong type ("true" as a string) is ignored or misread.',
    fix: 'Give readOnlyHint, destructiveHint, idempotentHint and openWorldHint boolean values, and title a string.',
    reference: REF.toolAnnotations,
    check: (input) =>
      tools(input).flatMap(({ tool, path }): RawFinding[] => {
        const annotations = (tool as Record<string, unknown>).annotations;
        if (annotations === undefined) return [];
        const at = child(path, 'annotations');
        if (!isSchemaObject(annotations))
          return [
            {
              path: at,
              subject: tool.name,
              subjectKind: 'tool',
              message: `annotations of ${tool.name} is not an object`,
            },
          ];
        const wrong: RawFinding[] = [];
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'])
          if (hint in annotations && typeof annotations[hint] !== 'boolean')
            wrong.push({
              path: child(at, hint),
              subject: tool.name,
              subjectKind: 'tool',
              message: `${hint} of ${tool.name} is ${JSON.stringify(annotations[hint])}, not a boolean`,
            });
        if ('title' in annotations && typeof annotations.title !== 'string')
          wrong.push({
            path: child(at, 'title'),
            subject: tool.name,
            subjectKind: 'tool',
            message: `annotations.title of ${tool.name} is not a string`,
          });
        return wrong;
      }),
  },
  {
    id: 'icons',
    family: 'spec',
    severity: 'warning',
    title: 'Icons have a src URI (https: or data:), a mime type and sizes of the right form',
    why: 'Clients fetch or decode icons from src; anything but https: and data: URIs is refused by careful clients (and a risk for the others).',
    fix: 'Give each icon a src that is an https: or data: URI, a mimeType such as image/png, and sizes such as ["48x48"] or ["any"].',
    reference: REF.icon,
    check: (input) => {
      const { surface } = input;
      const owners: {
        icons: unknown;
        path: string;
        subject?: string;
        subjectKind: RawFinding['subjectKind'];
      }[] = [
        {
          icons: (surface.serverInfo as Record<string, unknown> | undefined)?.icons,
          path: 'serverInfo',
          subjectKind: 'server',
        },
        ...surface.tools.map((tool, i) => ({
          icons: (tool as Record<string, unknown>).icons,
          path: `tools[${i}]`,
          subject: tool.name,
          subjectKind: 'tool' as const,
        })),
        ...surface.prompts.map((prompt, i) => ({
          icons: (prompt as Record<string, unknown>).icons,
          path: `prompts[${i}]`,
          subject: prompt.name,
          subjectKind: 'prompt' as const,
        })),
        ...surface.resources.map((resource, i) => ({
          icons: (resource as Record<string, unknown>).icons,
          path: `resources[${i}]`,
          subject: resource.uri,
          subjectKind: 'resource' as const,
        })),
      ];
      return owners.flatMap(({ icons, path, subject, subjectKind }): RawFinding[] => {
        if (icons === undefined) return [];
        const at = child(path, 'icons');
        const base = { ...(subject === undefined ? {} : { subject }), subjectKind };
        if (!Array.isArray(icons)) return [{ path: at, ...base, message: 'icons is not a list' }];
        return icons.flatMap((icon, index): RawFinding[] => {
          const here = child(at, index);
          if (!isSchemaObject(icon) || typeof icon.src !== 'string')
            return [{ path: here, ...base, message: 'an icon has no src' }];
          const problems: string[] = [];
          if (!/^(https:|data:)/i.test(icon.src))
            problems.push(
              `src ${JSON.stringify(icon.src.slice(0, 60))} is neither an https: nor a data: URI`,
            );
          if (
            icon.mimeType !== undefined &&
            (typeof icon.mimeType !== 'string' || !MIME_TYPE.test(icon.mimeType))
          )
            problems.push(`mimeType ${JSON.stringify(icon.mimeType)} is not a media type`);
          if (
            icon.sizes !== undefined &&
            (!Array.isArray(icon.sizes) ||
              icon.sizes.some((size) => typeof size !== 'string' || !/^(any|\d+x\d+)$/.test(size)))
          )
            problems.push(`sizes ${JSON.stringify(icon.sizes)} is not a list like ["48x48"] or ["any"]`);
          return problems.map((message) => ({ path: here, ...base, message }));
        });
      });
    },
  },
  {
    id: 'resource-uri',
    family: 'spec',
    severity: 'error',
    title: 'Resources have absolute URIs; templates are RFC 6570 URI templates',
    why: 'A client reads a resource by its URI and expands a template by its variables: a relative URI or an unbalanced template cannot be read.',
    fix: 'Give every resource an absolute URI with a scheme (file://, https://, or your own such as demo://), and templates balanced {variables}.',
    reference: REF.resourceTemplates,
    check: (input) => {
      const found: RawFinding[] = [];
      input.surface.resources.forEach((resource, index) => {
        if (typeof resource.uri !== 'string' || !URI_SCHEME.test(resource.uri) || /\s/.test(resource.uri))
          found.push({
            path: `resources[${index}].uri`,
            subject: String(resource.uri),
            subjectKind: 'resource',
            message: `resource URI ${JSON.stringify(resource.uri)} is not an absolute URI`,
          });
      });
      found.push(
        ...duplicates(
          input.surface.resources.map((resource, index) => ({
            key: resource.uri,
            path: `resources[${index}]`,
          })),
          'resource',
          'uri',
        ),
      );
      input.surface.resourceTemplates.forEach((template, index) => {
        const uri = template.uriTemplate;
        if (typeof uri !== 'string' || !URI_SCHEME.test(uri) || !balancedTemplate(uri))
          found.push({
            path: `resourceTemplates[${index}].uriTemplate`,
            subject: template.name,
            subjectKind: 'resourceTemplate',
            message: `URI template ${JSON.stringify(uri)} is not an absolute RFC 6570 template`,
          });
      });
      return found;
    },
  },
  {
    id: 'resource-mime-type',
    family: 'spec',
    severity: 'warning',
    title: 'Resource mime types are media types (type/subtype)',
    why: 'Clients choose how to show a resource by its mimeType: a malformed one is shown as unknown bytes.',
    fix: 'Give mimeType as type/subtype, such as text/markdown or image/png, or leave it out.',
    reference: REF.resource,
    check: (input) =>
      [
        ...input.surface.resources.map((item, index) => ({
          item,
          path: `resources[${index}]`,
          subject: item.uri,
          subjectKind: 'resource' as const,
        })),
        ...input.surface.resourceTemplates.map((item, index) => ({
          item,
          path: `resourceTemplates[${index}]`,
          subject: item.name,
          subjectKind: 'resourceTemplate' as const,
        })),
      ]
        .filter(
          ({ item }) =>
            item.mimeType !== undefined &&
            (typeof item.mimeType !== 'string' || !MIME_TYPE.test(item.mimeType)),
        )
        .map(({ item, path, subject, subjectKind }) => ({
          path: child(path, 'mimeType'),
          subject,
          subjectKind,
          message: `mimeType ${JSON.stringify(item.mimeType)} is not a media type`,
        })),
  },
  {
    id: 'prompt-arguments',
    family: 'spec',
    severity: 'error',
    title: 'Prompt arguments have unique string names, and required is a boolean',
    why: 'Clients ask the person for each argument by name and send them as strings: an argument without a name, or twice, cannot be filled in.',
    fix: 'Give every argument a unique name, and required true or false.',
    reference: REF.promptArgument,
    check: (input) =>
      input.surface.prompts.flatMap((prompt, index): RawFinding[] => {
        const args = prompt.arguments;
        const path = `prompts[${index}].arguments`;
        const base = { subject: prompt.name, subjectKind: 'prompt' as const };
        if (args === undefined) return [];
        if (!Array.isArray(args))
          return [{ path, ...base, message: `arguments of prompt ${prompt.name} is not a list` }];
        const found: RawFinding[] = [];
        const seen = new Set<string>();
        args.forEach((arg, i) => {
          const at = child(path, i);
          if (!isSchemaObject(arg) || typeof arg.name !== 'string' || arg.name === '')
            found.push({ path: at, ...base, message: `an argument of prompt ${prompt.name} has no name` });
          else if (seen.has(arg.name))
            found.push({
              path: at,
              ...base,
              message: `prompt ${prompt.name} lists the argument ${arg.name} twice`,
            });
          else seen.add(arg.name);
          if (isSchemaObject(arg) && arg.required !== undefined && typeof arg.required !== 'boolean')
            found.push({
              path: child(at, 'required'),
              ...base,
              message: `required of argument ${String(arg.name)} is ${JSON.stringify(arg.required)}, not a boolean`,
            });
        });
        return found;
      }),
  },
  {
    id: 'pagination',
    family: 'spec',
    severity: 'error',
    title: 'Pagination ends, and no item comes on two pages',
    why: 'A client follows nextCursor until it is absent: a cursor that comes back makes it loop (or stop at its own limit), and an item on two pages shows twice or hides another.',
    fix: 'Make cursors opaque positions that move forward, omit nextCursor on the last page, and page over a stable order.',
    reference: REF.pagination,
    check: (input) =>
      Object.entries(input.observations?.pages ?? {}).flatMap(([list, pages]): RawFinding[] => {
        if (!pages) return [];
        const found: RawFinding[] = [];
        const cursors = new Set<string>();
        for (const page of pages) {
          if (page.nextCursor === undefined) continue;
          if (cursors.has(page.nextCursor) || page.nextCursor === page.cursor) {
            found.push({
              path: list,
              message: `${list}: the cursor ${JSON.stringify(page.nextCursor.slice(0, 40))} came back, so the list never ends`,
            });
            break;
          }
          cursors.add(page.nextCursor);
        }
        const pageOf = new Map<string, number>();
        pages.forEach((page, index) => {
          for (const key of page.keys) {
            const first = pageOf.get(key);
            if (first !== undefined && first !== index)
              found.push({
                path: list,
                subject: key,
                message: `${list}: ${key} is on page ${first + 1} and again on page ${index + 1}`,
              });
            else pageOf.set(key, index);
          }
        });
        return found;
      }),
  },
  {
    id: 'capability-served',
    family: 'spec',
    severity: 'error',
    title: 'Every capability declared is served',
    why: 'A client that sees a capability calls its methods: a declared list that fails to answer is an error shown to the person, every time.',
    fix: 'Serve the methods of each capability you declare, or stop declaring it.',
    reference: REF.capabilities,
    check: (input) =>
      Object.entries(input.surface.failures ?? {}).map(([method, message]) => ({
        path: `capabilities.${method.split('/')[0]}`,
        subjectKind: 'server' as const,
        message: `the server declares the capability but ${method} failed: ${shortFailure(message)}`,
      })),
  },
  {
    id: 'list-changed-declared',
    family: 'spec',
    severity: 'warning',
    title: 'list_changed notifications only for lists whose capability says listChanged',
    why: 'A client only listens for the change notifications a server declared: the others are dropped, and the list the person sees goes stale.',
    fix: 'Declare listChanged: true in the capability of each list whose changes you announce.',
    reference: REF.capabilities,
    check: (input) => {
      const capabilities = (input.surface.capabilities ?? {}) as Record<string, unknown>;
      const methods = new Set(input.observations?.notifications ?? []);
      return ['tools', 'prompts', 'resources']
        .filter((kind) => methods.has(`notifications/${kind}/list_changed`))
        .filter((kind) => !(isSchemaObject(capabilities[kind]) && capabilities[kind].listChanged === true))
        .map((kind) => ({
          path: `capabilities.${kind}.listChanged`,
          subjectKind: 'server' as const,
          message: `the server sent notifications/${kind}/list_changed without declaring ${kind}.listChanged`,
        }));
    },
  },
  {
    id: 'protocol-version',
    family: 'spec',
    severity: 'warning',
    title: 'The protocol version is a known revision, and matches the era',
    why: 'A client speaks the revision it negotiated: an unknown one means neither side knows what the other expects; an old one misses what newer clients rely on.',
    fix: 'Answer with a revision the client offered (the latest your SDK supports); a modern-era server speaks 2026-07-28.',
    reference: REF.versions,
    check: (input) => {
      const { protocolVersion, era } = input.surface;
      if (protocolVersion === undefined) return [];
      if (!KNOWN_VERSIONS.includes(protocolVersion))
        return [
          {
            path: 'protocolVersion',
            subjectKind: 'server',
            message: `the server answered protocol version ${protocolVersion}, which is not a revision of MCP`,
          },
        ];
      if (era === 'modern' && protocolVersion !== MODERN_VERSION)
        return [
          {
            path: 'protocolVersion',
            subjectKind: 'server',
            message: `the modern era with protocol version ${protocolVersion}`,
          },
        ];
      if (era !== 'modern' && protocolVersion < '2025-06-18')
        return [
          {
            path: 'protocolVersion',
            subjectKind: 'server',
            message: `the server speaks ${protocolVersion}, a revision without structured tool output, elicitation or resource links`,
          },
        ];
      return [];
    },
  },
];

function duplicates(
  items: { key: unknown; path: string }[],
  noun: 'tool' | 'resource',
  key: string,
): RawFinding[] {
  const first = new Map<unknown, string>();
  const found: RawFinding[] = [];
  for (const item of items) {
    const earlier = first.get(item.key);
    if (earlier === undefined) first.set(item.key, item.path);
    else
      found.push({
        path: child(item.path, key),
        subject: String(item.key),
        subjectKind: noun,
        message: `${noun} ${JSON.stringify(item.key)} is listed twice (first at ${earlier})`,
      });
  }
  return found;
}

/** Braces balanced and not nested, each with a variable inside. */
function balancedTemplate(template: string): boolean {
  let open = false;
  let inside = 0;
  for (const char of template) {
    if (char === '{') {
      if (open) return false;
      open = true;
      inside = 0;
    } else if (char === '}') {
      if (!open || inside === 0) return false;
      open = false;
    } else if (open) inside += 1;
  }
  return !open;
}

/**
 * A list's failure in a line: the SDK's refusal of a result lists its schema issues as JSON, which
 * are said here as paths (the rules say more of each item).
 */
function shortFailure(message: string): string {
  const refused = /^Invalid result for [^:]+: (\[[\s\S]*\])$/.exec(message);
  if (!refused) return message.split('\n')[0] ?? message;
  try {
    const issues = JSON.parse(refused[1] ?? '[]') as { path?: (string | number)[]; message?: string }[];
    const said = issues
      .slice(0, 3)
      .map(
        (issue) =>
          `${(issue.path ?? []).reduce<string>((at, key) => child(at, key), '').replace(/^\./, '')}: ${issue.message ?? 'invalid'}`,
      );
    const more = issues.length > 3 ? `; and ${issues.length - 3} more` : '';
    return `clients refuse the whole result (${said.join('; ')}${more})`;
  } catch {
    return message.split('\n')[0] ?? message;
  }
}
