import { useEffect, useId, useRef, useState } from 'react';

interface ConfirmRunDialogProps {
  toolName: string;
  /** Who wants the tool run when it is not the person: an MCP App goes through the same rule. */
  asker?: string;
  onConfirm: (dontAskAgain: boolean) => void;
  onCancel: () => void;
}

/**
 * The human in the loop the spec asks for before a tool that may destroy something runs
 * (effective hints: destructive and not read-only). A modal <dialog>: focus stays inside,
 * Escape cancels.
 */
export function ConfirmRunDialog({ toolName, asker, onConfirm, onCancel }: ConfirmRunDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [dontAsk, setDontAsk] = useState(false);
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
        This tool may be destructive: its hints say it is not read-only and may destroy or overwrite
        something. Run it anyway?
      </p>
      <label className="confirm-dont-ask">
        <input type="checkbox" checked={dontAsk} onChange={(event) => setDontAsk(event.target.checked)} />
        Don&apos;t ask again for this tool
      </label>
      <div className="dialog-buttons">
        <button type="button" onClick={onCancel}>
          Don&apos;t run
        </button>
        <button type="button" className="primary" autoFocus onClick={() => onConfirm(dontAsk)}>
          Run
        </button>
      </div>
    </dialog>
  );
}
