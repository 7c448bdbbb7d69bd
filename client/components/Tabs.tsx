import { createContext, Suspense, useContext, useId, useState, type ReactNode } from 'react';
import './tabs.css';

export interface TabDefinition<K extends string> {
  key: K;
  label: ReactNode;
  /** Accessible name when the label is not plain text (a badge beside it). */
  name?: string;
  content: () => ReactNode;
}

/**
 * Whether the panel a component is in is the one shown (in every enclosing tab strip). Kept
 * panels stay mounted while hidden; one that listens to something busy (the traffic log) stops
 * listening while hidden and catches up when shown, so hidden tabs do no work per event.
 */
const TabActiveContext = createContext(true);

export function useTabActive(): boolean {
  return useContext(TabActiveContext);
}

interface TabsProps<K extends string> {
  label: string;
  tabs: TabDefinition<K>[];
  active: K;
  onChange: (key: K) => void;
}

/**
 * A tab strip with ARIA roles and arrow-key navigation. A panel is rendered once first shown
 * and then kept (hidden while another is active), so work in progress in one tab, such as a
 * running tool call, survives a look at another.
 */
export function Tabs<K extends string>({ label, tabs, active, onChange }: TabsProps<K>) {
  const id = useId();
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === active),
  );
  const current = tabs[index];
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([active]));
  const shown = useTabActive();
  if (current && !visited.has(current.key)) setVisited(new Set([...visited, current.key]));
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
            aria-controls={`${id}-panel-${tab.key}`}
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
      {tabs
        .filter((tab) => visited.has(tab.key) || tab.key === current?.key)
        .map((tab) => (
          <div
            key={tab.key}
            className="tab-panel"
            role="tabpanel"
            id={`${id}-panel-${tab.key}`}
            aria-labelledby={`${id}-tab-${tab.key}`}
            hidden={tab.key !== current?.key}
          >
            <TabActiveContext.Provider value={shown && tab.key === current?.key}>
              <Suspense fallback={<p className="muted">Loading…</p>}>{tab.content()}</Suspense>
            </TabActiveContext.Provider>
          </div>
        ))}
    </div>
  );
}
