import { readOwner, readResource } from '../../../shared/core/index.js';
import { resourceLines } from '../render/content.js';
import { timedRequest } from '../run/timedRequest.js';
import { integrityFailure, listSkills, readChecked, skillHolding, skillsOf } from '../skills/skillFiles.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';

/**
 * `read <uri>`: one text content printed as it is (so `read … > file` keeps the text), several with
 * a header line each; binary contents summarised, or saved with `--save-media`. A modern server's
 * input rounds are answered as a call's are. A `skill://` file of a server with the skills
 * extension is checked against its skill's entry first, as `skills get` checks it: a file that
 * does not match is not printed (exit 6).
 */
export async function readVerb(context: VerbContext<{ subject?: string }>): Promise<void> {
  const { out, session, request } = context;
  const uri = request.subject ?? '';
  if (uri.startsWith('skill://') && skillsOf(context).supported && (await readSkillFile(context, uri)))
    return;
  const { result, latencyMs } = await timedRequest(
    context,
    'resources/read',
    `resources/read ${uri}`,
    (signal) =>
      readResource(session.client, uri, { answerer: session.answerer, owner: readOwner(uri), signal }),
  );
  if (out.json) {
    out.document({ ...result, meta: metaOf(context, latencyMs) });
    return;
  }
  printContents(context, result.contents as Record<string, unknown>[], uri);
}

/**
 * A file of a listed skill, read through the skills client (which checks it); false when no skill
 * the server lists holds it, so it is read as any resource, with a word that it is unchecked.
 */
async function readSkillFile(context: VerbContext, uri: string): Promise<boolean> {
  const { out } = context;
  const { listing } = await listSkills(context);
  const skill = skillHolding(listing.skills, uri);
  if (!skill) {
    out.warning(`${uri} is in no skill the server lists: read unchecked`);
    return false;
  }
  const started = performance.now();
  const checked = await readChecked(context, skill, uri);
  if ('mismatch' in checked) throw integrityFailure([checked]);
  const { file } = checked;
  if (!file.verified) out.warning(`${uri}: its skill lists its files as dynamic, with no digest: unchecked`);
  const content = {
    uri: file.uri,
    ...(file.mimeType === undefined ? {} : { mimeType: file.mimeType }),
    ...(file.text === undefined ? { blob: Buffer.from(file.bytes).toString('base64') } : { text: file.text }),
  };
  if (out.json) {
    out.document({
      contents: [content],
      skill: { uri: skill.uri, verified: file.verified },
      meta: metaOf(context, performance.now() - started),
    });
    return true;
  }
  printContents(context, [content], uri);
  return true;
}

function printContents(context: VerbContext, contents: Record<string, unknown>[], uri: string): void {
  const { out } = context;
  if (contents.length === 0) {
    out.notice(`${uri} has no contents`);
    return;
  }
  const single = contents.length === 1;
  out.lines(
    contents.flatMap((content) => resourceLines(content, context.media, single ? undefined : 'resource')),
  );
}
