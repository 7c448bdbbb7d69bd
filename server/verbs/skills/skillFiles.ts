import {
  SkillVerificationError,
  SkillsClient,
  type Skill,
  type SkillFile,
  type SkillListing,
} from '@modelcontextprotocol/client/ext/skills';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { timedRequest } from '../run/timedRequest.js';
import type { VerbContext } from '../run/verbContext.js';

/**
 * The host side of the Skills extension (SEP-2640) for the verbs: the SDK's SkillsClient, as the
 * page's skills panel uses it (client/features/skills/skillsQuery.ts), which checks each file it
 * reads against the entry's size and digest, and a SKILL.md's frontmatter against the entry's.
 * Nothing is read before it is asked for: listing reads no file (the extension forbids a host
 * to prefetch), and a skill whose SKILL.md fails is not read further.
 */
export function skillsOf(context: VerbContext): SkillsClient {
  return new SkillsClient(context.session.client, { skipInvalid: true });
}

/** One file read and checked: its content, or why it does not match its entry. */
export type CheckedFile =
  { uri: string; file: SkillFile } | { uri: string; mismatch: SkillVerificationError };

/** Every page of skills/list, under --timeout. */
export async function listSkills(
  context: VerbContext,
): Promise<{ listing: SkillListing; latencyMs: number }> {
  const { result, latencyMs } = await timedRequest(context, 'skills/list', 'skills/list', (signal) =>
    skillsOf(context).list({}, { signal }),
  );
  return { listing: result, latencyMs };
}

/**
 * Reads one file of a skill (its SKILL.md when `uri` is absent) and checks it; a mismatch is a
 * value, not a throw, so the verb decides what to say and what not to read next.
 */
export async function readChecked(context: VerbContext, skill: Skill, uri?: string): Promise<CheckedFile> {
  const target = uri ?? skill.uri;
  const { result } = await timedRequest(
    context,
    'resources/read',
    `resources/read ${target}`,
    async (signal) => {
      try {
        return { uri: target, file: await skillsOf(context).read(skill, uri, { signal }) };
      } catch (error) {
        if (error instanceof SkillVerificationError) return { uri: target, mismatch: error };
        throw error;
      }
    },
  );
  return result;
}

/** The skill whose entry lists `uri` (or whose root it is under), from the listing. */
export function skillHolding(skills: readonly Skill[], uri: string): Skill | undefined {
  return (
    skills.find((skill) => skill.uri === uri) ??
    skills.find(
      (skill) => Array.isArray(skill.resources) && skill.resources.some((file) => file.uri === uri),
    ) ??
    skills.find((skill) => uri.startsWith(`${skillRoot(skill)}/`))
  );
}

/** `skill://a/b/SKILL.md` → `skill://a/b`. */
export function skillRoot(skill: Skill): string {
  return skill.uri.replace(/\/SKILL\.md$/, '');
}

/** A skill by its frontmatter name, its SKILL.md URI, or its root URI. */
export function findSkill(skills: readonly Skill[], name: string): Skill | undefined {
  return skills.find(
    (skill) => skill.frontmatter.name === name || skill.uri === name || skillRoot(skill) === name,
  );
}

/** The failure a file that does not match its entry ends a verb with: exit 6, as lint's errors. */
export function integrityFailure(mismatches: readonly CheckedFile[]): VerbFailure {
  const lines = mismatches.flatMap((checked) =>
    'mismatch' in checked
      ? [`${checked.uri}: ${checked.mismatch.reason} mismatch: ${checked.mismatch.message}`]
      : [],
  );
  return new VerbFailure(
    EXIT.lintError,
    'integrity-error',
    mismatches.length === 1
      ? `${mismatches[0]!.uri} does not match its skill entry: not shown, not used`
      : `${mismatches.length} files do not match their skill entries: not shown, not used`,
    lines,
  );
}
