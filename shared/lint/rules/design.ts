import type { Tool } from '@modelcontextprotocol/client';
import type { LintInput, RawFinding, Rule } from '../findings.js';
import { child } from '../jsonPath.js';
import { isSchemaObject, typesOf, walkSchema } from '../schemaWalk.js';
import { describeDirectives, poisoningIn, steeringIn } from '../directives.js';
import { describeInvisible } from '../invisible.js';
import { formsOf, proseOf, sentencesOf, verbInName, verbSaid } from '../prose.js';
import { REF } from './references.js';

/**
 * Design practice: what decides whether a model picks the right tool and calls it safely. One job
 * per tool, descriptions written as documentation, hints that say what the tool does to the world,
 * bounds on what it takes, and no text that speaks to the model behind the person's back.
 */

/** Verbs that change the world, as a tool's name or description says them. */
const EFFECT_VERBS = [
  'delete',
  'remove',
  'drop',
  'destroy',
  'erase',
  'purge',
  'wipe',
  'write',
  'overwrite',
  'update',
  'modify',
  'edit',
  'create',
  'insert',
  'send',
  'post',
  'publish',
  'email',
  'transfer',
  'pay',
  'execute',
  'kill',
  'reset',
  'move',
  'rename',
  'upload',
  'add',
  'append',
  'replace',
  'save',
  'store',
  'set',
  'clear',
  'push',
  'commit',
  'merge',
  'patch',
  'discard',
  'revert',
  'restore',
  'install',
  'uninstall',
  'deploy',
  'submit',
  'archive',
  'unstage',
].map(formsOf);
const FAILURE_WORDS =
  /\b(error|errors|fail|fails|failure|invalid|not found|refuse|refuses|reject|rejects|throws?|isError|unless)\b/i;
const SWITCH_NAMES = /^(action|operation|op|mode|command|cmd|method|verb|task)$/i;
const RAW_PATH_OR_COMMAND =
  /^(path|paths|file|filename|file_path|filepath|dir|directory|folder|cwd|command|cmd|commandline|command_line|script|shell|exec|sql)$|(Path|_path|Dir|_dir|Command|_command)$/;
/** Names of a path parameter (a command is never confined by saying so). */
const PATH_NAME =
  /^(path|paths|file|filename|file_path|filepath|dir|directory|folder|cwd)$|(Path|_path|Dir|_dir)$/;
/**
 * A definition that says its paths stay inside a root ("Only works within allowed directories",
 * "must be inside the workspace") tells the model and the person what the rule asks the schema to
 * say: that the handler refuses what leaves the root. It is not a raw path.
 */
const CONFINED =
  /\b(within|inside|under)\s+(the\s+|its\s+|an?\s+|one\s+of\s+the\s+)?(allowed|permitted|configured|accessible|granted|workspace|sandbox|project|root|roots)\b/i;
const URL = /\bhttps?:\/\/[^\s)"'>]+/i;
const MANY_OPTIONAL = 10;

const toolsOf = (input: LintInput) =>
  input.surface.tools.map((tool, index) => ({ tool, path: `tools[${index}]` }));
const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** A tool name's words: get_user, getUser and get-user all say "get user". */
const nameWords = (name: string) =>
  words(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2')).map((w) => w.toLowerCase());

function annotationsOf(tool: Tool): Record<string, unknown> {
  const annotations = (tool as Record<string, unknown>).annotations;
  return isSchemaObject(annotations) ? annotations : {};
}

/**
 * The verb by which the tool's name or the first sentence of its description says it changes
 * something ("add" of add_observations, "replaces"), or undefined. The description is read as
 * prose: "computes the edit distance" and "does not modify" say no change.
 */
function effectSaid(tool: Tool): string | undefined {
  const firstSentence = sentencesOf(proseOf(tool.description ?? ''))[0] ?? '';
  return verbSaid(firstSentence, EFFECT_VERBS) ?? verbInName(nameWords(tool.name), EFFECT_VERBS);
}

/** The properties of a tool's inputSchema, at every depth, with their paths. */
function inputProperties(tool: Tool, path: string) {
  return walkSchema(tool.inputSchema, child(path, 'inputSchema')).filter(
    (visit) => visit.property !== undefined,
  );
}

/** Every text a model reads of the server: names, descriptions, titles, argument descriptions. */
function modelTexts(input: LintInput) {
  const texts: { text: string; path: string; subject?: string; subjectKind: RawFinding['subjectKind'] }[] =
    [];
  toolsOf(input).forEach(({ tool, path }) => {
    for (const key of ['name', 'title', 'description'] as const) {
      const text = (tool as Record<string, unknown>)[key];
      if (typeof text === 'string')
        texts.push({ text, path: child(path, key), subject: tool.name, subjectKind: 'tool' });
    }
    for (const visit of walkSchema(tool.inputSchema, child(path, 'inputSchema')))
      if (typeof visit.schema.description === 'string')
        texts.push({
          text: visit.schema.description,
          path: child(visit.path, 'description'),
          subject: tool.name,
          subjectKind: 'tool',
        });
  });
  input.surface.prompts.forEach((prompt, index) => {
    if (typeof prompt.description === 'string')
      texts.push({
        text: prompt.description,
        path: `prompts[${index}].description`,
        subject: prompt.name,
        subjectKind: 'prompt',
      });
    (prompt.arguments ?? []).forEach((arg, i) => {
      if (typeof arg.description === 'string')
        texts.push({
          text: arg.description,
          path: `prompts[${index}].arguments[${i}].description`,
          subject: prompt.name,
          subjectKind: 'prompt',
        });
    });
  });
  input.surface.resources.forEach((resource, index) => {
    if (typeof resource.description === 'string')
      texts.push({
        text: resource.description,
        path: `resources[${index}].description`,
        subject: resource.uri,
        subjectKind: 'resource',
      });
  });
  if (input.surface.instructions)
    texts.push({ text: input.surface.instructions, path: 'instructions', subjectKind: 'server' });
  return texts;
}

/** What a switch's value does, read from its first word ("get-url" reads, "set-url" changes). */
type SwitchEffect = 'reads' | 'adds' | 'deletes' | 'changes';
const READING_VALUES =
  /^(list|get|show|read|view|search|find|query|describe|status|info|inspect|verify|check|validate|diff|log|ls|fetch|count|stat|lookup|preview|current|test|help)$/;
const DELETING_VALUES =
  /^(delete|remove|rm|drop|destroy|erase|purge|wipe|clear|overwrite|discard|kill|uninstall|revert|prune|truncate)$/;
const ADDING_VALUES = /^(create|add|insert|append|new|push|save|store|upload|install|init|put)$/;

function switchEffect(value: string): SwitchEffect | undefined {
  const first = value.toLowerCase().split(/[-_\s.:]+/)[0] ?? '';
  if (READING_VALUES.test(first)) return 'reads';
  if (DELETING_VALUES.test(first)) return 'deletes';
  if (ADDING_VALUES.test(first)) return 'adds';
  if (
    EFFECT_VERBS.some((forms) => forms.base === first) ||
    /^(pop|apply|move|mv|rename|set|edit)$/.test(first)
  )
    return 'changes';
  return undefined;
}

/**
 * A switch is one tool doing several jobs when its values are actions that differ in effect: one
 * reads and another changes, or one adds and another deletes, so that no set of hints is right
 * for all of them. Variants of one operation (git reset's soft, mixed and hard) are not actions.
 * The message counts every value and names each one, grouped by what it does.
 */
function switchMessage(tool: string, name: string, values: readonly unknown[]): string | undefined {
  const groups = new Map<SwitchEffect, string[]>();
  for (const value of values) {
    const effect = typeof value === 'string' ? switchEffect(value) : undefined;
    if (effect) groups.set(effect, [...(groups.get(effect) ?? []), value as string]);
  }
  const changes = groups.has('adds') || groups.has('deletes') || groups.has('changes');
  const differ = (groups.has('reads') && changes) || (groups.has('adds') && groups.has('deletes'));
  if (!differ) return undefined;
  const said = (['reads', 'adds', 'deletes', 'changes'] as const)
    .filter((kind) => groups.has(kind))
    .map((kind) => `${kind === 'changes' ? 'other changes' : kind} (${(groups.get(kind) ?? []).join(', ')})`);
  const others = values.filter((value) => typeof value !== 'string' || switchEffect(value) === undefined);
  const rest = others.length > 0 ? `; and ${others.map(String).join(', ')}` : '';
  return `${tool} switches on ${name} between ${values.length} actions that differ in effect: ${said.join(', ')}${rest}`;
}

export const DESIGN_RULES: Rule[] = [
  {
    id: 'description-missing',
    family: 'design',
    severity: 'warning',
    title: 'Every tool has a description',
    why: 'The model chooses a tool from its name and description alone: without one it guesses from the name, and picks wrongly or not at all.',
    fix: 'Describe what the tool does, when to use it (and when not), what it returns and how it fails.',
    reference: REF.writingTools,
    check: (input) =>
      toolsOf(input)
        .filter(({ tool }) => typeof tool.description !== 'string' || tool.description.trim() === '')
        .map(({ tool, path }) => ({
          path: child(path, 'description'),
          subject: tool.name,
          subjectKind: 'tool',
          message: `${tool.name} has no description`,
        })),
  },
  {
    id: 'description-short',
    family: 'design',
    severity: 'hint',
    title: 'A description says more than the name',
    why: 'A description that repeats the name ("Gets the user") tells the model nothing it did not know: which user, what comes back and when to call it are left to a guess.',
    fix: 'Write the description as documentation: purpose, when to use it, what it returns, its limits.',
    reference: REF.writingTools,
    check: (input) =>
      toolsOf(input).flatMap(({ tool, path }): RawFinding[] => {
        const description = tool.description?.trim();
        if (!description) return [];
        const said = words(description).length;
        if (said > nameWords(tool.name).length + 3 && description.length >= 24) return [];
        return [
          {
            path: child(path, 'description'),
            subject: tool.name,
            subjectKind: 'tool',
            message: `the description of ${tool.name} (${said} words) says little more than its name`,
          },
        ];
      }),
  },
  {
    id: 'description-failures',
    family: 'design',
    severity: 'hint',
    title: 'A tool that changes things says how it fails',
    why: 'A model that does not know how a write fails retries blindly, or reports success: the description is where it learns what an error means and what to do next.',
    fix: 'Say in the description what it changes, and what errors it returns (not found, refused, invalid) and when.',
    reference: REF.writingTools,
    check: (input) =>
      toolsOf(input)
        .filter(({ tool }) => effectSaid(tool) !== undefined && annotationsOf(tool).readOnlyHint !== true)
        .filter(
          ({ tool }) =>
            typeof tool.description === 'string' &&
            tool.description !== '' &&
            !FAILURE_WORDS.test(tool.description),
        )
        .map(({ tool, path }) => ({
          path: child(path, 'description'),
          subject: tool.name,
          subjectKind: 'tool',
          message: `${tool.name} changes things (it says "${effectSaid(tool)}") but its description is silent on errors`,
        })),
  },
  {
    id: 'parameter-description',
    family: 'design',
    severity: 'hint',
    title: 'Every parameter has a description',
    why: 'The model fills arguments from their names and descriptions: an undescribed parameter gets a guessed format or unit.',
    fix: 'Describe each parameter: what it is, its format or unit, an example.',
    reference: REF.writingTools,
    check: (input) =>
      toolsOf(input).flatMap(({ tool, path }) =>
        inputProperties(tool, path)
          .filter(
            (visit) => typeof visit.schema.description !== 'string' || visit.schema.description.trim() === '',
          )
          .map((visit) => ({
            path: visit.path,
            subject: tool.name,
            subjectKind: 'tool' as const,
            message: `parameter ${visit.property} of ${tool.name} has no description`,
          })),
      ),
  },
  {
    id: 'do-everything',
    family: 'design',
    severity: 'warning',
    title: 'One job per tool (no action switch, not many optional parameters)',
    why: 'A tool whose "action" picks between unrelated effects hides each effect from the model and from the person approving it: hints cannot be right for all of them, and the parameters for one are noise for the others.',
    fix: 'Split it into one tool per action, each with its own parameters and hints.',
    reference: REF.writingTools,
    check: (input) =>
      toolsOf(input).flatMap(({ tool, path }): RawFinding[] => {
        const found: RawFinding[] = [];
        const schema = tool.inputSchema as Record<string, unknown>;
        const properties = isSchemaObject(schema.properties) ? schema.properties : {};
        for (const [name, sub] of Object.entries(properties)) {
          if (!SWITCH_NAMES.test(name) || !isSchemaObject(sub) || !Array.isArray(sub.enum)) continue;
          const message = switchMessage(tool.name, name, sub.enum);
          if (message)
            found.push({
              path: child(child(child(path, 'inputSchema'), 'properties'), name),
              subject: tool.name,
              subjectKind: 'tool',
              message,
            });
        }
        const required = Array.isArray(schema.required) ? schema.required : [];
        const optional = Object.keys(properties).filter((name) => !required.includes(name));
        if (optional.length >= MANY_OPTIONAL)
          found.push({
            path: child(child(path, 'inputSchema'), 'properties'),
            subject: tool.name,
            subjectKind: 'tool',
            message: `${tool.name} has ${optional.length} optional parameters`,
          });
        return found;
      }),
  },
  {
    id: 'effect-hints',
    family: 'design',
    severity: 'warning',
    title: 'A tool that says it deletes, writes or sends declares destructiveHint or readOnlyHint',
    why: 'Clients ask the person before a destructive call, from these hints: a tool that deletes without saying so runs unasked (without hints a client must assume the worst, and asks for everything).',
    fix: 'Declare annotations.destructiveHint (true when it deletes or overwrites, false when it only adds) or readOnlyHint: true.',
    reference: REF.toolAnnotations,
    check: (input) =>
      toolsOf(input)
        .filter(({ tool }) => effectSaid(tool) !== undefined)
        .filter(({ tool }) => {
          const annotations = annotationsOf(tool);
          return !('destructiveHint' in annotations) && !('readOnlyHint' in annotations);
        })
        .map(({ tool, path }) => ({
          path: child(path, 'annotations'),
          subject: tool.name,
          subjectKind: 'tool',
          message: `${tool.name} says it changes things ("${effectSaid(tool)}") but declares neither destructiveHint nor readOnlyHint`,
        })),
  },
  {
    id: 'unbounded-input',
    family: 'design',
    severity: 'hint',
    title: 'Free-form strings, arrays and numbers have bounds (maxLength, maxItems, maximum)',
    why: 'Input comes from a model that may be steered by hostile content: without bounds, a huge string or list reaches your code, its memory and the services it calls.',
    fix: 'Add maxLength to strings (or an enum, format or pattern), maxItems to arrays, minimum/maximum to numbers; and check them in the handler.',
    reference: REF.toolSecurity,
    check: (input) =>
      toolsOf(input).flatMap(({ tool, path }) =>
        inputProperties(tool, path).flatMap((visit): RawFinding[] => {
          const { schema } = visit;
          if ('enum' in schema || 'const' in schema) return [];
          // A nullable value is still its type; a union is named as a union, and what lacks a
          // bound is its string, array or number form.
          const types = typesOf(schema).filter((type) => type !== 'null');
          const form = (what: string) =>
            types.length === 1 ? what : `${types.join(' or ')}, and as ${what}`;
          const missing: string[] = [];
          if (
            types.includes('string') &&
            !('maxLength' in schema) &&
            !('format' in schema) &&
            !('pattern' in schema)
          )
            missing.push(form('a string with no maxLength'));
          if (types.includes('array') && !('maxItems' in schema))
            missing.push(form('an array with no maxItems'));
          if (
            (types.includes('number') || types.includes('integer')) &&
            !('maximum' in schema) &&
            !('exclusiveMaximum' in schema)
          )
            missing.push(form('a number with no maximum'));
          return missing.map((what) => ({
            path: visit.path,
            subject: tool.name,
            subjectKind: 'tool',
            message: `parameter ${visit.property} of ${tool.name} is ${what}`,
          }));
        }),
      ),
  },
  {
    id: 'raw-path-or-command',
    family: 'design',
    severity: 'warning',
    title: 'Paths and commands are not taken as raw strings',
    why: 'A raw path or command is how a steered model reads ~/.ssh or runs rm: the schema is the first place to say what is allowed.',
    fix: 'Take a name within a known root (an enum, a pattern, a resource URI), resolve it in the handler and refuse what leaves the root; take commands as an enum of actions, never a shell line.',
    reference: REF.toolSecurity,
    check: (input) =>
      toolsOf(input).flatMap(({ tool, path }) =>
        inputProperties(tool, path)
          .filter((visit) => RAW_PATH_OR_COMMAND.test(visit.property ?? ''))
          .filter(
            ({ schema }) =>
              typesOf(schema).includes('string') &&
              !('enum' in schema) &&
              !('const' in schema) &&
              !('pattern' in schema),
          )
          .filter(
            ({ schema, property }) =>
              !(
                PATH_NAME.test(property ?? '') &&
                CONFINED.test(`${tool.description ?? ''}\n${String(schema.description ?? '')}`)
              ),
          )
          .map((visit) => ({
            path: visit.path,
            subject: tool.name,
            subjectKind: 'tool' as const,
            message: `${tool.name} takes ${visit.property} as a raw string`,
          })),
      ),
  },
  {
    id: 'hidden-unicode',
    family: 'design',
    severity: 'error',
    title: 'No invisible characters in what the model reads',
    why: 'Zero-width, bidirectional and tag characters hide text from the person reviewing a tool while the model still reads it: the signature of tool poisoning.',
    fix: 'Remove the invisible characters (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069, U+FEFF, U+E0000–U+E007F).',
    reference: REF.toolPoisoning,
    check: (input) =>
      modelTexts(input).flatMap(({ text, path, subject, subjectKind }): RawFinding[] => {
        const said = describeInvisible(text);
        if (said === undefined) return [];
        return [
          {
            path,
            ...(subject === undefined ? {} : { subject }),
            subjectKind,
            message: said,
          },
        ];
      }),
  },
  {
    id: 'model-directives',
    family: 'design',
    severity: 'error',
    title: 'No text that turns the model against the person (tool poisoning)',
    why: 'Text that tells the model to ignore its instructions, always call a tool first, hand over the conversation or a secret, or keep something from the person is how tool poisoning works: it acts on every conversation the tool is listed in, whether or not the tool is ever called.',
    fix: "Remove it. Describe what the tool does; put usage guidance in the server's instructions, addressed openly, and never ask to hide anything from the person.",
    reference: REF.toolPoisoning,
    check: (input) =>
      modelTexts(input).flatMap(({ text, path, subject, subjectKind }): RawFinding[] => {
        const found = poisoningIn(text);
        if (found.length === 0) return [];
        return [
          {
            path,
            ...(subject === undefined ? {} : { subject }),
            subjectKind,
            message: describeDirectives(found),
          },
        ];
      }),
  },
  {
    id: 'model-steering',
    family: 'design',
    severity: 'warning',
    title: 'Descriptions describe the tool; they do not steer the model beyond it',
    why: "A description is read in every conversation the tool is listed in: orders about how the model reasons or behaves elsewhere change every answer, cost context on every request, and are out of the person's sight.",
    fix: "Say what the tool takes and does; put guidance for the model in the server's instructions, where the person can read it.",
    reference: REF.toolPoisoning,
    check: (input) =>
      modelTexts(input)
        .filter(({ subjectKind }) => subjectKind !== 'server')
        .flatMap(({ text, path, subject, subjectKind }): RawFinding[] => {
          const found = steeringIn(text);
          if (found.length === 0) return [];
          return [
            {
              path,
              ...(subject === undefined ? {} : { subject }),
              subjectKind,
              message: describeDirectives(found),
            },
          ];
        }),
  },
  {
    id: 'description-links',
    family: 'design',
    severity: 'hint',
    title: 'No links in tool descriptions',
    why: "A link in a description invites the model to fetch it: what it finds there is read as instructions, out of the person's sight.",
    fix: 'Drop the link, or name the documentation without a URL.',
    reference: REF.toolPoisoning,
    check: (input) =>
      modelTexts(input)
        .filter(({ subjectKind }) => subjectKind === 'tool')
        .filter(({ text }) => URL.test(text))
        .map(({ text, path, subject, subjectKind }) => ({
          path,
          ...(subject === undefined ? {} : { subject }),
          subjectKind,
          message: `a link in a tool description: ${text.match(URL)?.[0]}`,
        })),
  },
];
