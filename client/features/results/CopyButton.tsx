import { useEffect, useState } from 'react';

/** Copies a text to the clipboard; its label says for a moment whether that worked. */
export function CopyButton({ text }: { text: () => string }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; detail?: string } | undefined>();
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(undefined), 2_000);
    return () => clearTimeout(timer);
  }, [outcome]);
  const copy = (): void => {
    navigator.clipboard.writeText(text()).then(
      () => setOutcome({ ok: true }),
      (error: unknown) =>
        setOutcome({ ok: false, detail: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <button type="button" onClick={copy} title={outcome?.detail}>
      {outcome === undefined ? 'Copy' : outcome.ok ? 'Copied' : 'Copy failed'}
    </button>
  );
}
