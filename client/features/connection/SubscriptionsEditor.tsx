import { useSyncExternalStore } from 'react';
import type { SubscriptionFilter } from '@modelcontextprotocol/client';
import { useInspector } from '../../session/inspectorContext';

const CHANGE_TYPES = [
  ['toolsListChanged', 'tools list changes'],
  ['promptsListChanged', 'prompts list changes'],
  ['resourcesListChanged', 'resources list changes'],
] as const;

/**
 * The modern era's subscriptions/listen: what the page opted into, what the server honoured,
 * and the stream's state. Changing a box re-opens the stream with the new filter.
 */
export function SubscriptionsEditor() {
  const session = useInspector();
  const state = useSyncExternalStore(session.listen.subscribe, session.listen.getSnapshot);
  const toggle = (key: (typeof CHANGE_TYPES)[number][0], on: boolean): void => {
    const filter: SubscriptionFilter = { ...state.filter, [key]: on };
    if (!on) delete filter[key];
    session.listenTo(filter);
  };
  const uris = state.filter.resourceSubscriptions ?? [];
  return (
    <section className="subscriptions" aria-label="Subscriptions">
      <h3>
        Subscriptions{' '}
        <span className="muted">
          (subscriptions/listen: {state.status}
          {state.detail ? `, ${state.detail}` : ''})
        </span>
      </h3>
      {CHANGE_TYPES.map(([key, label]) => (
        <label key={key} className="inline">
          <input
            type="checkbox"
            checked={state.filter[key] === true}
            onChange={(event) => toggle(key, event.target.checked)}
          />
          {label}
          {state.filter[key] === true && state.honored && state.honored[key] !== true && (
            <span className="muted"> (not honoured by the server)</span>
          )}
        </label>
      ))}
      <p className="muted">
        Resource updates:{' '}
        {uris.length === 0 ? 'none (subscribe from a resource in Resources)' : uris.join(', ')}
      </p>
    </section>
  );
}
