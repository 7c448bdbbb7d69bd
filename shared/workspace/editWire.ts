import { z } from 'zod';
import type { WorkspaceServer } from './format.js';

/*
 * The workspace page's edits of the workspace file (POST API_WORKSPACE_EDIT_PATH, one JSON body):
 * add a server from the page's form, rename, move or remove one. Each names the file's `revision`
 * the page was shown (WorkspaceView.revision): the bridge refuses an edit of a file changed since.
 * The page imports only this module's types (zod stays out of its scripts).
 */

/** A server's name as the page sends it; format.ts's nameProblem says what a name may be. */
const Name = z.string().min(1).max(64);
const Revision = z.string().min(1).max(64);
const Era = z.enum(['auto', 'modern', 'legacy']);
/** Environment variables or headers: a few dozen at most, names and values of a sane length. */
const Pairs = z
  .record(z.string().min(1).max(256), z.string().max(8192))
  .refine((pairs) => Object.keys(pairs).length <= 100, 'at most 100 entries');

/** An http:// or https:// address with a host (shared/ has no URL class: the target checks the rest). */
const httpUrl = (text: string): boolean => /^https?:\/\/[^\s/?#@]*@?[^\s/?#@]+(?:[/?#]\S*)?$/i.test(text);

export const NewServerSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('stdio'),
      name: Name,
      command: z.string().trim().min(1, 'the command is empty').max(4096),
      args: z.array(z.string().max(8192)).max(256),
      env: Pairs,
      cwd: z.string().max(4096).optional(),
      era: Era.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('url'),
      name: Name,
      url: z.string().max(8192).refine(httpUrl, 'the URL is not an http:// or https:// address'),
      transport: z.enum(['streamable-http', 'sse']).optional(),
      headers: Pairs,
      era: Era.optional(),
    })
    .strict(),
]);
export type NewServer = z.infer<typeof NewServerSchema>;

export const WorkspaceEditSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), revision: Revision, server: NewServerSchema }).strict(),
  z.object({ action: z.literal('rename'), revision: Revision, name: Name, to: Name }).strict(),
  z
    .object({
      action: z.literal('move'),
      revision: Revision,
      name: Name,
      /** 1 is the first, as `workspace move NAME POSITION`. */
      position: z.number().int().min(1).max(10_000),
    })
    .strict(),
  z.object({ action: z.literal('remove'), revision: Revision, name: Name }).strict(),
]);
export type WorkspaceEdit = z.infer<typeof WorkspaceEditSchema>;

/** An edit done: the file's new revision, what was done, and for an add the entry as written. */
export interface WorkspaceEditAnswer {
  file: string;
  revision: string;
  /** What was done, in a sentence (`renamed "a" to "b": its session is kept`). */
  done: string;
  added?: { server: WorkspaceServer; notes: string[] };
}
