import { useState } from 'react';

/** Copies text to the clipboard and says whether it worked. */
export function CopyButton({ text, label }: { text: () => string; label: string }) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      onClick={() => {
        navigator.clipboard.writeText(text()).then(
          () => setStatus('copied'),
          () => setStatus('failed'),
        );
      }}
    >
      {status === 'copied' ? 'Copied' : status === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
