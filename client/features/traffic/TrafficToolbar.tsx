import type { FrameDirection } from '../../../shared/wire';
import type { FilterKind } from './trafficFilter';
import type { TrafficFilterControls } from './useTrafficFilter';

const DIRECTIONS: { value: FrameDirection; label: string }[] = [
  { value: 'toServer', label: '→ To server' },
  { value: 'fromServer', label: '← From server' },
];

const KINDS: { value: FilterKind; label: string }[] = [
  { value: 'request', label: 'Requests' },
  { value: 'response', label: 'Responses' },
  { value: 'error', label: 'Error responses' },
  { value: 'notification', label: 'Notifications' },
  { value: 'app', label: 'App messages' },
  { value: 'event', label: 'Events' },
];

interface TrafficToolbarProps {
  controls: TrafficFilterControls;
  methods: readonly string[];
}

/** The filters. A group with nothing pressed shows all; pressing several shows any of them. */
export function TrafficToolbar({ controls, methods }: TrafficToolbarProps) {
  const { filter } = controls;
  return (
    <div className="traffic-toolbar" role="toolbar" aria-label="Traffic filters">
      <input
        type="search"
        className="traffic-search"
        aria-label="Search payloads"
        placeholder="Search payloads…"
        value={controls.searchInput}
        onChange={(event) => controls.setSearchInput(event.target.value)}
      />
      <div className="toggle-group" role="group" aria-label="Direction">
        {DIRECTIONS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter.directions.has(value)}
            onClick={() => controls.toggleDirection(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="toggle-group" role="group" aria-label="Kind">
        {KINDS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter.kinds.has(value)}
            onClick={() => controls.toggleKind(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <details className="method-filter">
        <summary>Methods{filter.methods.size > 0 ? ` (${filter.methods.size})` : ''}</summary>
        <fieldset>
          <legend>Show only these methods</legend>
          {methods.length === 0 && <p className="muted">No methods seen yet.</p>}
          {methods.map((method) => (
            <label key={method}>
              <input
                type="checkbox"
                checked={filter.methods.has(method)}
                onChange={() => controls.toggleMethod(method)}
              />
              {method}
            </label>
          ))}
        </fieldset>
      </details>
      <label className="check">
        <input
          type="checkbox"
          checked={filter.errorsOnly}
          onChange={(event) => controls.setErrorsOnly(event.target.checked)}
        />
        Errors only
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={filter.hideStderr}
          onChange={(event) => controls.setHideStderr(event.target.checked)}
        />
        Hide stderr
      </label>
    </div>
  );
}
