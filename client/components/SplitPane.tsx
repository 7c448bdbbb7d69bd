import { useCallback, useRef, useState, type ReactNode } from 'react';
import './splitPane.css';

interface SplitPaneProps {
  /** Remembered across reloads under this key. */
  storageKey: string;
  first: ReactNode;
  second: ReactNode;
  /** Size of the second pane as a fraction of the whole, at first use. */
  defaultSecondFraction?: number;
  /** Accessible name of the divider. */
  label: string;
}

const MIN_FRACTION = 0.08;
const MAX_FRACTION = 0.92;

/** Two panes stacked vertically with a draggable (and keyboard-movable) divider. */
export function SplitPane({
  storageKey,
  first,
  second,
  defaultSecondFraction = 0.35,
  label,
}: SplitPaneProps) {
  const container = useRef<HTMLDivElement>(null);
  const [fraction, setFraction] = useState(() => {
    const stored = Number(localStorage.getItem(storageKey));
    return stored > 0 && stored < 1 ? stored : defaultSecondFraction;
  });
  const commit = useCallback(
    (next: number) => {
      const clamped = Math.min(MAX_FRACTION, Math.max(MIN_FRACTION, next));
      setFraction(clamped);
      localStorage.setItem(storageKey, String(clamped));
    },
    [storageKey],
  );

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>): void => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent): void => commit((box.bottom - e.clientY) / box.height);
    const up = (): void => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <div className="split-pane" ref={container}>
      <div className="split-first" style={{ flexBasis: `${(1 - fraction) * 100}%` }}>
        {first}
      </div>
      <div
        className="split-divider"
        role="separator"
        aria-orientation="horizontal"
        aria-label={label}
        aria-valuenow={Math.round(fraction * 100)}
        aria-valuemin={MIN_FRACTION * 100}
        aria-valuemax={MAX_FRACTION * 100}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp') commit(fraction + 0.05);
          if (event.key === 'ArrowDown') commit(fraction - 0.05);
        }}
      />
      <div className="split-second" style={{ flexBasis: `${fraction * 100}%` }}>
        {second}
      </div>
    </div>
  );
}
