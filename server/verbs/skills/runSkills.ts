import { SKILLS_EXTENSION_ID, type Skill } from '@modelcontextprotocol/client/ext/skills';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { skillDocumentLines, skillLines, verificationLines } from './skillsText.js';
import {
  findSkill,
  integrityFailure,
  listSkills,
  readChecked,
  skillsOf,
  type CheckedFile,
} from './skillFiles.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';
import type { SkillsRequest } from './skillsVerb.js';

/**
 * `skills`: the server's skills (skills/list, every page; no file is read). `skills get NAME`:
 * its SKILL.md, checked against the entry (size, digest, frontmatter), shown as frontmatter and
 * body. `--verify`: every file the entry lists checked too (of every skill, without `get`); a
 * file that does not match is never shown, and the verb exits 6.
 */
export async function skillsVerb(context: VerbContext<{ skills: SkillsRequest }>): Promise<void> {
  const { out, request } = context;
  const ask = request.skills ?? { action: 'list', verify: false };
  if (!skillsOf(context).supported) {
    if (ask.action === 'get')
      throw new VerbFailure(
        EXIT.serverError,
        'unknown-skill',
        `the server does not declare the skills extension (${SKILLS_EXTENSION_ID}): it has no skill "${ask.name ?? ''}"`,
      );
    out.notice(`the server does not declare the skills extension (${SKILLS_EXTENSION_ID}): no skills`);
    if (out.json) out.document({ skills: [], invalid: [], meta: metaOf(context, 0) });
    return;
  }
  const { listing, latencyMs } = await listSkills(context);
  if (ask.action === 'get') return getSkill(context, listing.skills, ask.name ?? '', ask.verify, latencyMs);
  if (!ask.verify) {
    if (out.json) out.document({ ...listing, meta: metaOf(context, latencyMs) });
    else if (listing.skills.length === 0 && listing.invalid.length === 0)
      out.notice('the server lists no skills');
    else out.lines(skillLines(listing.skills, listing.invalid));
    return;
  }
  const checked: { skill: Skill; files: CheckedFile[] }[] = [];
  for (const skill of listing.skills) checked.push({ skill, files: await checkSkill(context, skill, true) });
  if (out.json)
    out.document({
      skills: checked.map(({ skill, files }) => ({
        uri: skill.uri,
        name: skill.frontmatter.name,
        files: files.map(fileJson),
      })),
      invalid: listing.invalid,
      meta: metaOf(context, latencyMs),
    });
  else
    out.lines(
      checked.flatMap(({ skill, files }) => [
        skill.frontmatter.name,
        ...verificationLines(files, skill).map((line) => `  ${line}`),
      ]),
    );
  failOnMismatch(checked.flatMap(({ files }) => files));
}

async function getSkill(
  context: VerbContext,
  skills: readonly Skill[],
  name: string,
  verify: boolean,
  latencyMs: number,
): Promise<void> {
  const { out } = context;
  const skill = findSkill(skills, name);
  if (!skill)
    throw new VerbFailure(EXIT.serverError, 'unknown-skill', `the server has no skill "${name}"`, [
      skills.length === 0
        ? 'it lists no skills'
        : `its skills: ${skills.map((s) => s.frontmatter.name).join(', ')}`,
    ]);
  const files = await checkSkill(context, skill, verify);
  const manifest = files[0]!;
  // A SKILL.md that does not match its entry is never shown: the skill is not to be used.
  if ('mismatch' in manifest) throw integrityFailure([manifest]);
  if (out.json) {
    out.document({
      skill,
      frontmatter: manifest.file.frontmatter,
      body: manifest.file.body,
      files: files.map(fileJson),
      meta: metaOf(context, latencyMs),
    });
  } else {
    out.lines(skillDocumentLines(skill, manifest.file.body ?? ''));
    if (verify) for (const line of verificationLines(files, skill)) out.notice(line);
  }
  failOnMismatch(files);
}

/**
 * SKILL.md first; the other files the entry lists only with `all`, and only when SKILL.md
 * matched (a skill that fails is not loaded, so nothing more of it is read).
 */
async function checkSkill(context: VerbContext, skill: Skill, all: boolean): Promise<CheckedFile[]> {
  const manifest = await readChecked(context, skill);
  const files: CheckedFile[] = [manifest];
  if (!all || 'mismatch' in manifest || !Array.isArray(skill.resources)) return files;
  for (const file of skill.resources) {
    if (file.uri === skill.uri) continue;
    files.push(await readChecked(context, skill, file.uri));
  }
  return files;
}

function failOnMismatch(files: readonly CheckedFile[]): void {
  const mismatches = files.filter((file) => 'mismatch' in file);
  if (mismatches.length > 0) throw integrityFailure(mismatches);
}

function fileJson(checked: CheckedFile): Record<string, unknown> {
  if ('mismatch' in checked) {
    const { reason, message, differences } = checked.mismatch;
    return { uri: checked.uri, verified: false, mismatch: { reason, message, differences } };
  }
  return { uri: checked.uri, verified: checked.file.verified, bytes: checked.file.bytes.byteLength };
}
