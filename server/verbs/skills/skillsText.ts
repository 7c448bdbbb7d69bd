import type { InvalidSkillEntry, Skill } from '@modelcontextprotocol/client/ext/skills';
import type { CheckedFile } from './skillFiles.js';

/** Longest first column before descriptions stop lining up with it. */
const MAX_COLUMN = 32;

/** Skills, one a line: the name, its description, its SKILL.md URI and how many files it lists. */
export function skillLines(skills: readonly Skill[], invalid: readonly InvalidSkillEntry[]): string[] {
  const width = Math.min(MAX_COLUMN, Math.max(0, ...skills.map((skill) => skill.frontmatter.name.length)));
  const lines = skills.map((skill) => {
    const files = skill.resources === 'dynamic' ? 'files: dynamic' : plural(skill.resources.length, 'file');
    return `${skill.frontmatter.name.padEnd(width)}  ${oneLine(skill.frontmatter.description)}  (${skill.uri}, ${files})`;
  });
  for (const entry of invalid)
    lines.push(`invalid entry #${entry.index}${entry.uri ? ` ${entry.uri}` : ''}: ${entry.reason}`);
  return lines;
}

/** A skill as `skills get` shows it: its frontmatter as the entry gives it, then SKILL.md's body. */
export function skillDocumentLines(skill: Skill, body: string): string[] {
  return [
    '---',
    ...Object.entries(skill.frontmatter).flatMap(([key, value]) => frontmatterLines(key, value, '')),
    '---',
    ...body.replace(/\n$/, '').split('\n'),
  ];
}

/** One line per file checked: ✓ with its size and digest, or ✗ with what differs. */
export function verificationLines(checked: readonly CheckedFile[], skill: Skill): string[] {
  return checked.map((entry) => {
    if ('mismatch' in entry) return `✗ ${entry.uri}  ${entry.mismatch.reason}: ${entry.mismatch.message}`;
    const listed = Array.isArray(skill.resources)
      ? skill.resources.find((file) => file.uri === entry.uri)
      : undefined;
    if (!entry.file.verified || !listed)
      return `? ${entry.uri}  not listed with a digest (dynamic): unverified`;
    return `✓ ${entry.uri}  ${listed.size} bytes, ${listed.digest.slice(0, 19)}…`;
  });
}

function frontmatterLines(key: string, value: unknown, indent: string): string[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return [
      `${indent}${key}:`,
      ...Object.entries(value).flatMap(([inner, v]) => frontmatterLines(inner, v, `${indent}  `)),
    ];
  }
  return [`${indent}${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`];
}

function oneLine(text: string): string {
  const first = text.split('\n')[0] ?? '';
  return first.length > 80 ? `${first.slice(0, 79)}…` : first;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
