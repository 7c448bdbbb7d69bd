import {
  moveServer,
  removeServer,
  renameServer,
  workspaceText,
  type Edited,
  type Workspace,
} from '../../shared/workspace/format.js';
import { WorkspaceEditSchema, type WorkspaceEditAnswer } from '../../shared/workspace/editWire.js';
import { planAdd } from '../workspace/addEntry.js';
import {
  readWorkspaceFile,
  textRevision,
  workspaceRevision,
  writeWorkspaceFile,
  type WorkspaceState,
} from '../workspace/workspaceFile.js';
import type { WorkspaceServerSpec } from './workspaceBridge.js';

/** An answer for the page: its status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** What the bridge does with its servers once the file says so. */
export interface SlotEdits {
  /** The file's servers this run does not have yet: added to the list, and started. */
  add(specs: WorkspaceServerSpec[]): void;
  /** Stops a server (its process group), keeping its place. */
  stop(name: string): Promise<void>;
  /** Ends a server's session and drops it from the list. */
  drop(name: string): Promise<void>;
  /** The same session under another name. */
  rename(from: string, to: string): void;
  /** The list in this order of names (the file's). */
  order(names: readonly string[]): void;
}

/**
 * The workspace file as this run knows it. Every write of the page (an import, an edit) goes
 * through here: refused when the file changed since this run last read or wrote it (the terminal's
 * `workspace` verbs or an editor, meanwhile), or when it does not parse (its line and column said);
 * otherwise written as the terminal's verbs write it (workspaceFile.ts).
 */
export class WorkspaceFileKeeper {
  constructor(
    readonly file: string | undefined,
    /** The file's revision as last read or written; read now when the caller has none. */
    private known: string | undefined = file === undefined
      ? undefined
      : workspaceRevision(readWorkspaceFile(file)),
  ) {}

  get revision(): string | undefined {
    return this.known;
  }

  /** The file for an edit, or why there is none to make: `pageRevision` is what the page was shown. */
  read(pageRevision?: string): { state: WorkspaceState & { workspace: Workspace } } | { refused: Answer } {
    if (this.file === undefined)
      return refuse(409, 'this page was not started from a workspace file, so there is none to change');
    const state = readWorkspaceFile(this.file);
    if ('error' in state) return refuse(409, `${state.error}\nnothing written: correct the file first`);
    if (workspaceRevision(state) !== this.known)
      return refuse(
        409,
        `${this.file} changed on disk since this page read it (the terminal's mcp-inspect workspace, or an editor): nothing written. Restart mcp-inspect --all to take the file as it is now.`,
      );
    if (pageRevision !== undefined && pageRevision !== this.known)
      return refuse(
        409,
        `this page's list is older than ${this.file} (changed from another tab): nothing written; the list is read again, try once more`,
      );
    return { state };
  }

  /** Writes the edited workspace (atomically, checked once more against the file as read). */
  write(state: WorkspaceState, workspace: Workspace): Answer | undefined {
    try {
      writeWorkspaceFile(state, workspace);
    } catch (error) {
      return { status: 409, body: { error: (error as Error).message } };
    }
    this.known = textRevision(workspaceText(workspace));
    return undefined;
  }
}

function refuse(status: number, error: string): { refused: Answer } {
  return { refused: { status, body: { error } } };
}

/** The context an edit needs: the file, the servers, and the workspace's specs read again. */
export interface EditContext {
  keeper: WorkspaceFileKeeper;
  slots: SlotEdits;
  reread?: () => { servers: WorkspaceServerSpec[] } | { error: string };
}

/** One edit of the page, checked strictly, then done as the terminal's verb would do it. */
export async function editWorkspace(context: EditContext, body: unknown): Promise<Answer> {
  const parsed = WorkspaceEditSchema.safeParse(body);
  if (!parsed.success)
    return {
      status: 400,
      body: {
        error: parsed.error.issues
          .map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
          .join('; '),
      },
    };
  const edit = parsed.data;
  const read = context.keeper.read(edit.revision);
  if ('refused' in read) return read.refused;
  const { state } = read;
  const done = (text: string, extra: Partial<WorkspaceEditAnswer> = {}): Answer => {
    const answer: WorkspaceEditAnswer = {
      file: state.path,
      revision: context.keeper.revision ?? '',
      done: text,
      ...extra,
    };
    return { status: 200, body: answer };
  };
  switch (edit.action) {
    case 'add': {
      const planned = planAdd(state.workspace, edit.server);
      if ('error' in planned) return { status: 400, body: { error: planned.error } };
      const refused = context.keeper.write(state, planned.workspace);
      if (refused) return refused;
      const spec = specNamed(context, edit.server.name);
      if ('error' in spec) return { status: 409, body: { error: spec.error } };
      context.slots.add([spec]);
      return done(`added "${edit.server.name}" to ${state.path}: it is starting`, { added: planned.one });
    }
    case 'rename': {
      const edited = renameServer(state.workspace, edit.name, edit.to);
      const refused = write(context, state, edited);
      if (refused) return refused;
      context.slots.rename(edit.name, edit.to);
      return done(`renamed "${edit.name}" to "${edit.to}": its session is kept`);
    }
    case 'move': {
      const edited = moveServer(state.workspace, edit.name, edit.position);
      const refused = write(context, state, edited);
      if (refused) return refused;
      if ('workspace' in edited) context.slots.order(edited.workspace.servers.map((server) => server.name));
      return done(`moved "${edit.name}" to position ${edit.position}`);
    }
    case 'remove': {
      const edited = removeServer(state.workspace, edit.name);
      if ('error' in edited) return { status: 400, body: { error: edited.error } };
      // Disconnected first (its process group stops), then out of the file, then out of the list.
      await context.slots.stop(edit.name);
      const refused = context.keeper.write(state, edited.workspace);
      if (refused)
        return {
          status: refused.status,
          body: {
            error: `${(refused.body as { error: string }).error}\n"${edit.name}" is disconnected and kept; Connect starts it again`,
          },
        };
      await context.slots.drop(edit.name);
      return done(`removed "${edit.name}" from ${state.path}: its server is stopped`);
    }
  }
}

function write(context: EditContext, state: WorkspaceState, edited: Edited): Answer | undefined {
  if ('error' in edited) return { status: 400, body: { error: edited.error } };
  return context.keeper.write(state, edited.workspace);
}

/** The entry just written, as this run starts a server the page added (the run's trust for it). */
function specNamed(context: EditContext, name: string): WorkspaceServerSpec | { error: string } {
  const servers = context.reread?.();
  if (servers === undefined) return { error: 'this run cannot read the workspace file again' };
  if ('error' in servers) return servers;
  return (
    servers.servers.find((server) => server.name === name) ?? {
      error: `"${name}" is not in the workspace file read again`,
    }
  );
}
