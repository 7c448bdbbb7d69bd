import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import {
  emptyWorkspace,
  parseWorkspace,
  WORKSPACE_FILE,
  workspaceText,
  type ValuePath,
  type Workspace,
} from '../../shared/workspace/format.js';
import { writeFileAtomic } from '../files/atomicWrite.js';
import { readBoundedText } from '../files/boundedRead.js';

/**
 * The workspace file as read: its servers, or that it is not there yet, or why it cannot be used
 * (with the line and column of the mistake). `text` is what was read, so a write can check that
 * nobody changed the file meanwhile.
 */
export type WorkspaceState =
  | { path: string; exists: true; workspace: Workspace; text: string }
  | { path: string; exists: false; workspace: Workspace }
  | { path: string; exists: boolean; error: string; line?: number; column?: number };

/** `--workspace FILE`, else the file in the folder the CLI runs in. */
export function workspacePath(given: string | undefined, cwd = process.cwd()): string {
  return resolve(cwd, given ?? WORKSPACE_FILE);
}

export function readWorkspaceFile(path: string): WorkspaceState {
  const read = readBoundedText(path);
  if ('error' in read) {
    if (read.code === 'ENOENT') return { path, exists: false, workspace: emptyWorkspace() };
    return { path, exists: true, error: read.error };
  }
  const parsed = parseWorkspace(read.text);
  if ('workspace' in parsed) return { path, exists: true, workspace: parsed.workspace, text: read.text };
  const at =
    parsed.line !== undefined
      ? { line: parsed.line, column: parsed.column ?? 1 }
      : positionOf(read.text, parsed.path ?? []);
  // A syntax error's words already start with its line; a shape error's get it here.
  const words =
    parsed.line !== undefined ? parsed.error : `line ${at.line}, column ${at.column}: ${parsed.error}`;
  return { path, exists: true, error: `${path}: ${words}`, line: at.line, column: at.column };
}

/** The line and column where the value at `path` starts (its key's, for a key that is not allowed). */
function positionOf(text: string, path: ValuePath): { line: number; column: number } {
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  let node = tree ? findNodeAtLocation(tree, path) : undefined;
  // An unknown key: its property node is the parent's child whose key matches.
  if (node === undefined && tree && path.length > 0) {
    const parent = findNodeAtLocation(tree, path.slice(0, -1));
    node = parent?.children?.find((child) => child.children?.[0]?.value === path[path.length - 1]);
  }
  const offset = node?.parent?.type === 'property' ? node.parent.offset : (node?.offset ?? 0);
  const before = text.slice(0, offset).replace(/^\uFEFF/, '');
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/**
 * What a reader saw of the file, to tell later whether it changed since: a digest of its text,
 * `absent` when there was none, `unreadable` when it could not be read or did not parse (its text
 * may still be compared: a file that does not parse is never written over anyway).
 */
export function workspaceRevision(state: WorkspaceState): string {
  if ('text' in state) return textRevision(state.text);
  return state.exists ? 'unreadable' : 'absent';
}

/** The revision of a file that holds this text. */
export function textRevision(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** Why a workspace file was not written. */
export class WorkspaceRefusal extends Error {}

/**
 * Writes the workspace whole or not at all (the project's atomic writer: a private temporary
 * file renamed over the old one). Never over a file that does not parse (the person's text would
 * be lost), nor over one that changed since it was read.
 */
export function writeWorkspaceFile(state: WorkspaceState, workspace: Workspace): void {
  if ('error' in state)
    throw new WorkspaceRefusal(`${state.error}\nthe file is not overwritten: correct it first`);
  const expected = state.exists ? state.text : undefined;
  try {
    // Shared, as a file committed with the project is: it holds no secret (`${env:NAME}` stands for one).
    writeFileAtomic(state.path, workspaceText(workspace), 'shared', () => {
      const now = readBoundedText(state.path);
      const same =
        expected === undefined
          ? 'error' in now && now.code === 'ENOENT'
          : 'text' in now && now.text === expected;
      if (!same)
        throw new WorkspaceRefusal(
          `${state.path} changed while it was being written: nothing written; run it again`,
        );
    });
  } catch (error) {
    if (error instanceof WorkspaceRefusal) throw error;
    throw new WorkspaceRefusal(
      `cannot write ${state.path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
