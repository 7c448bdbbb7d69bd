import { useState } from 'react';
import type { WorkspaceEdit, WorkspaceEditAnswer } from '../../shared/workspace/editWire';
import { editWorkspace } from './editApi';
import { askWorkspaceAgain } from './useWorkspace';

export interface WorkspaceEditing {
  busy: boolean;
  /** The bridge's words when it refused (a file changed on disk, a name taken…). */
  problem: string | undefined;
  /** Sends an edit; the list is asked again whatever the answer (it may have changed meanwhile). */
  run: (edit: WorkspaceEdit) => Promise<WorkspaceEditAnswer | undefined>;
  clear: () => void;
}

/** One control's edits of the workspace file: one at a time, with the refusal kept to show. */
export function useWorkspaceEdit(): WorkspaceEditing {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const run = async (edit: WorkspaceEdit): Promise<WorkspaceEditAnswer | undefined> => {
    setBusy(true);
    setProblem(undefined);
    try {
      return await editWorkspace(edit);
    } catch (error) {
      setProblem((error as Error).message);
      return undefined;
    } finally {
      setBusy(false);
      askWorkspaceAgain();
    }
  };
  return { busy, problem, run, clear: () => setProblem(undefined) };
}
