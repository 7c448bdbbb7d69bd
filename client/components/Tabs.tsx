import { useId, type ReactNode } from 'react';

export interface TabDefinition<K extends string> {
  key: K;
  label: ReactNode;
  /** Accessible name when the label is not plain text (a badge beside it). */
  name?: string;
  content: () => ReactNode;
}

interface TabsProps<K extends string> {
  label: string;
  tabs: TabDefinition<K>[];
  active: K;
  onChange: (key: K) => void;
}

/** A tab strip with ARIA roles and arrow-key navigation; only the active panel is rendered. */
export function Tabs<K extends string>({ label, tabs, active, onChange }: TabsProps<K>) {
  const id = useId();
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === active),
  );
  const current = tabs[index];
  return (
    <div className="tabs">
      <div className="tab-strip" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel`}
            aria-label={tab.name}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (step === 0) return;
              const next = tabs[(i + step + tabs.length) % tabs.length];
              if (next) onChange(next.key);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          className="tab-panel"
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${current.key}`}
        >
          {current.content()}
        </div>
      )}
    </div>
  );
}
