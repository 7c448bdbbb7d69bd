import type { ReactNode } from 'react';

interface AddButtonProps {
  /** Accessible name: says what the button adds to. */
  label: string;
  onClick: () => void;
  disabled?: boolean | undefined;
  children: ReactNode;
}

export function AddButton({ label, onClick, disabled, children }: AddButtonProps) {
  return (
    <button type="button" className="sf-add" aria-label={label} onClick={onClick} disabled={disabled}>
      + {children}
    </button>
  );
}

/** rjsf's own icon buttons are replaced: our templates draw named buttons where they belong. */
export function NoButton() {
  return null;
}
