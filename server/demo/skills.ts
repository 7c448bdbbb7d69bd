// The demo's skills (the io.modelcontextprotocol/skills extension, SEP-2640): two skills, one a
// single SKILL.md, one with a directory of templates. Served through the SDK's SkillsExtension
// from an in-memory source: entries (digests, sizes, frontmatter) are built from the files once,
// `skills/list` pages one skill at a time (so the page is seen to walk every page), and
// `resources/directory/read` lists a directory's direct children.
import { ProtocolError, ProtocolErrorCode, type Resource } from '@modelcontextprotocol/server';
import {
  DIRECTORY_MIME_TYPE,
  SkillsExtension,
  skillEntry,
  type Skill,
  type SkillSource,
} from '@modelcontextprotocol/server/ext/skills';

const BASE = 'skill://';

/** Skill path → file path under the skill → text. */
export const DEMO_SKILL_FILES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'greeting-style': {
    'SKILL.md': `---
name: greeting-style
description: Greets people the way the demo server's greeting prompt does.
license: MIT
---

# Greeting style

Greet by name, in one short sentence, and ask one question back.
`,
  },
  'release-notes': {
    'SKILL.md': `---
name: release-notes
description: Writes release notes from a list of changes, one template per kind of change.
metadata:
  version: "1.2.0"
---

# Release notes

Pick the template in \`templates/\` that matches each change: \`templates/feature.md\` for a new
feature, \`templates/fix.md\` for a fix. Breaking changes use \`templates/breaking/major.md\`.
`,
    'templates/feature.md': '## {{title}}\n\nNew: {{summary}}\n',
    'templates/fix.md': '## {{title}}\n\nFixed: {{summary}}\n',
    'templates/breaking/major.md': '## ⚠ {{title}}\n\nBreaking: {{summary}}. Migrate by {{migration}}.\n',
  },
};

let entries: Promise<Skill[]> | undefined;

/** Built on first use (digests are computed with WebCrypto, asynchronously), then kept. */
function demoEntries(): Promise<Skill[]> {
  entries ??= Promise.all(
    Object.entries(DEMO_SKILL_FILES).map(([path, files]) =>
      skillEntry(path, { ...files }, { baseUri: BASE }),
    ),
  );
  return entries;
}

/** `skill://release-notes/templates/fix.md` → ['release-notes', 'templates/fix.md']. */
function locate(uri: string): [skillPath: string, filePath: string] | undefined {
  if (!uri.startsWith(BASE)) return undefined;
  const rest = uri.slice(BASE.length);
  for (const skillPath of Object.keys(DEMO_SKILL_FILES)) {
    if (rest === skillPath) return [skillPath, ''];
    if (rest.startsWith(`${skillPath}/`)) return [skillPath, rest.slice(skillPath.length + 1)];
  }
  return undefined;
}

function mimeTypeOf(filePath: string): string {
  return filePath.endsWith('.md') ? 'text/markdown' : 'text/plain';
}

/** The direct children of a directory of a skill, or undefined when it is not one. */
function directoryChildren(uri: string): Resource[] | undefined {
  const at = locate(uri);
  if (!at) return undefined;
  const [skillPath, dir] = at;
  const files = Object.keys(DEMO_SKILL_FILES[skillPath] ?? {});
  const prefix = dir === '' ? '' : `${dir}/`;
  if (dir !== '' && !files.some((file) => file.startsWith(prefix))) return undefined;
  const children = new Map<string, Resource>();
  for (const file of files) {
    if (!file.startsWith(prefix)) continue;
    const [name = '', ...deeper] = file.slice(prefix.length).split('/');
    const childUri = `${BASE}${skillPath}/${prefix}${name}`;
    children.set(
      name,
      deeper.length > 0
        ? { uri: childUri, name, mimeType: DIRECTORY_MIME_TYPE }
        : { uri: childUri, name, mimeType: mimeTypeOf(name) },
    );
  }
  return [...children.values()];
}

const source: SkillSource = {
  async list({ cursor }) {
    const all = await demoEntries();
    const at = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(at) || at < 0 || at > all.length) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Not a cursor of skills/list: ${cursor}`);
    }
    return {
      skills: all.slice(at, at + 1),
      ...(at + 1 < all.length ? { nextCursor: String(at + 1) } : {}),
    };
  },
  async get(uri) {
    return (await demoEntries()).find((skill) => skill.uri === uri);
  },
  async read(uri) {
    const at = locate(uri);
    const text = at ? DEMO_SKILL_FILES[at[0]]?.[at[1]] : undefined;
    return text === undefined || !at ? undefined : { text, mimeType: mimeTypeOf(at[1]) };
  },
  async readDirectory(uri) {
    const resources = directoryChildren(uri);
    return resources === undefined ? undefined : { resources };
  },
};

/** One extension for every demo server instance (stdio, each HTTP session or request). */
export const DEMO_SKILLS = new SkillsExtension({
  source,
  cacheHint: { ttlMs: 60_000, cacheScope: 'public' },
});
