import { useState } from 'react';
import { useWorkspaceEdit } from './useWorkspaceEdit';
import './workspaceEdits.css';

interface Props {
  name: string;
  /** Its place in the list, 1 the first. */
  position: number;
  count: number;
  /** The workspace file as the list was read from it. */
  revision: string;
  /** What was done, said in the list's status line. */
  onDone: (text: string) => void;
}

/**
 * A server's edits of the workspace file, under its row: move it up or down, rename it (its
 * session is kept), remove it (its server is stopped first). Each is written as the terminal's
 * `workspace move|rename|remove` writes it.
 */
export function ServerEdits({ name, position, count, revision, onDone }: Props) {
  const edit = useWorkspaceEdit();
  const [mode, setMode] = useState<'rename' | 'remove'>();
  const [newName, setNewName] = useState(name);
  const after = (text: string | undefined): void => {
    if (text === undefined) return;
    setMode(undefined);
    onDone(text);
  };
  const move = async (to: number): Promise<void> =>
    after((await edit.run({ action: 'move', revision, name, position: to }))?.done);

  return (
    <div className="ws-edits" role="group" aria-label={`Edit ${name}`}>
      {mode === undefined && (
        <div className="ws-edit-buttons">
          <button
            type="button"
            aria-label={`Move ${name} up`}
            title="Move up"
            disabled={edit.busy || position <= 1}
            onClick={() => void move(position - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label={`Move ${name} down`}
            title="Move down"
            disabled={edit.busy || position >= count}
            onClick={() => void move(position + 1)}
          >
            ↓
          </button>
          <button
            type="button"
            disabled={edit.busy}
            onClick={() => {
              edit.clear();
              setNewName(name);
              setMode('rename');
            }}
          >
            Rename
          </button>
          <button
            type="button"
            disabled={edit.busy}
            onClick={() => {
              edit.clear();
              setMode('remove');
            }}
          >
            Remove
          </button>
        </div>
      )}
      {mode === 'rename' && (
        <form
          className="ws-edit-form"
          onSubmit={(event) => {
            event.preventDefault();
            void edit
              .run({ action: 'rename', revision, name, to: newName.trim() })
              .then((answer) => after(answer?.done));
          }}
        >
          <input
            aria-label={`New name for ${name}`}
            value={newName}
            spellCheck={false}
            autoFocus
            onChange={(event) => setNewName(event.target.value)}
          />
          <button type="submit" disabled={edit.busy || newName.trim() === '' || newName.trim() === name}>
            Save
          </button>
          <button type="button" onClick={() => setMode(undefined)}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'remove' && (
        <div className="ws-edit-form">
          <span>Stop {name} and remove it from the file?</span>
          <button
            type="button"
            className="ws-edit-danger"
            disabled={edit.busy}
            aria-label={`Remove ${name} from the workspace`}
            onClick={() => void edit.run({ action: 'remove', revision, name }).then((a) => after(a?.done))}
          >
            Remove
          </button>
          <button type="button" onClick={() => setMode(undefined)}>
            Cancel
          </button>
        </div>
      )}
      {edit.problem && (
        <p className="ws-failed ws-edit-problem" role="alert">
          {edit.problem}
        </p>
      )}
    </div>
  );
}
