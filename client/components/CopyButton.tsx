import { useEffect, useState } from 'react';

interface CopyButtonProps {
  /** What to copy, read when the button is pressed (a large frame is not stringified before). */
  text: () => string;
  /** The button's name, "Copy" unless the place has several copy buttons. */
  label?: string;
  className?: string;
}

/** Copies a text to the clipboard; its label says for a moment whether that worked, and why not. */
export function CopyButton({ text, label = 'Copy', className }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<{ ok: boolean; detail?: string } | undefined>();
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(undefined), 2_000);
    return () => clearTimeout(timer);
  }, [outcome]);
  const copy = (): void => {
    // The Clipboard API is missing on a page not served from a secure context (a remote host).
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      setOutcome({ ok: false, detail: 'The browser offers no clipboard here' });
      return;
    }
    clipboard.writeText(text()).then(
      () => setOutcome({ ok: true }),
      (error: unknown) =>
        setOutcome({ ok: false, detail: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <button type="button" className={className} onClick={copy} title={outcome?.detail}>
      {outcome === undefined ? label : outcome.ok ? 'Copied' : 'Copy failed'}
    </button>
  );
}
