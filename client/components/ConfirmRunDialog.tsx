import { useEffect, useId, useRef, useState } from 'react';
import type { SkipScope } from '../session/confirmationMemory';

interface ConfirmRunDialogProps {
  toolName: string;
  /** Who wants the tool run when it is not the person: an MCP App goes through the same rule. */
  asker?: string;
  /** Why it asks: the tool declares destructiveHint, or says nothing and the default applies. */
  reason: 'declared' | 'default';
  /** Said when the person asks not to be asked again for this tool or for the whole server. */
  onConfirm: (dontAskAgain: SkipScope | undefined) => void;
  onCancel: () => void;
}

/**
 * The human in the loop the spec asks for before a tool that may destroy something runs
 * (effective hints: destructive and not read-only). A modal <dialog>: focus stays inside,
 * Escape cancels.
 */
export function ConfirmRunDialog({ toolName, asker, reason, onConfirm, onCancel }: ConfirmRunDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [forTool, setForTool] = useState(false);
  const [forServer, setForServer] = useState(false);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>Run {toolName}?</h2>
      {asker && <p>{asker} asks to run this tool.</p>}
      <p>
        {reason === 'declared'
          ? 'This tool declares that it may destroy or overwrite something (destructiveHint: true).'
          : 'This tool does not say whether it is destructive, so the spec’s default applies: it may destroy or overwrite something.'}{' '}
        Run it anyway?
      </p>
      <div className="confirm-dont-ask" role="group" aria-label="Don't ask again">
        <label>
          <input
            type="checkbox"
            checked={forTool || forServer}
            disabled={forServer}
            onChange={(event) => setForTool(event.target.checked)}
          />
          Don&apos;t ask again for this tool
        </label>
        <label>
          <input
            type="checkbox"
            checked={forServer}
            onChange={(event) => setForServer(event.target.checked)}
          />
          Don&apos;t ask again for this server
        </label>
      </div>
      <div className="dialog-buttons">
        <button type="button" onClick={onCancel}>
          Don&apos;t run
        </button>
        <button
          type="button"
          className="primary"
          autoFocus
          onClick={() => onConfirm(forServer ? 'server' : forTool ? 'tool' : undefined)}
        >
          Run
        </button>
      </div>
    </dialog>
  );
}
