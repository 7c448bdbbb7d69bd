import { memo, useState } from 'react';
import { DownloadButton } from '../../components/DownloadButton';
import { formatClockTime } from '../../components/format';
import { JsonTree } from '../../components/JsonTree';
import type { AppLogEntry, DownloadOffer } from './appLog';

interface AppLogViewProps {
  entries: readonly AppLogEntry[];
  modelContext: unknown;
}

/**
 * Beside the app: every message it exchanged with mcp-inspect, newest last, each opening to its
 * JSON; links and files it offers, acted on only when the person clicks; its model context.
 * Lines marked "app:" are the app's words, whatever they claim to be.
 */
export function AppLogView({ entries, modelContext }: AppLogViewProps) {
  return (
    <aside className="app-log" aria-label="App log">
      <h3>App log</h3>
      <ol className="app-log-entries">
        {entries.map((entry) => (
          <AppLogLine key={entry.id} entry={entry} />
        ))}
      </ol>
      {modelContext !== undefined && (
        <details className="app-model-context">
          <summary>Model context (latest ui/update-model-context)</summary>
          <JsonTree value={modelContext} label="Model context" expandDepth={2} />
        </details>
      )}
    </aside>
  );
}

/**
 * One line; entries never change, so a line renders once, and its JSON only while it is open
 * (an app may log 500 lines of 250 KB: closed, they cost a line each).
 */
const AppLogLine = memo(function AppLogLine({ entry }: { entry: AppLogEntry }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={`app-log-entry level-${entry.level}`}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className="app-log-dir" aria-hidden="true">
            {entry.dir === 'appToHost' ? '⇠' : entry.dir === 'hostToApp' ? '⇢' : '·'}
          </span>
          <span className="app-log-title">
            {entry.dir === 'appToHost' ? 'app: ' : entry.dir === 'hostToApp' ? 'host: ' : ''}
            {entry.method && !entry.title.startsWith(entry.method) ? `${entry.method} · ` : ''}
            {entry.title}
          </span>
          <time className="muted">{formatClockTime(entry.at)}</time>
        </summary>
        {open && entry.detail !== undefined && (
          <JsonTree value={entry.detail} label="Message JSON" expandDepth={2} />
        )}
      </details>
      {entry.link && (
        <button
          type="button"
          className="app-log-action"
          // The app asked; the person decides. noopener: the new tab gets no handle on this page.
          onClick={() => window.open(entry.link, '_blank', 'noopener,noreferrer')}
        >
          Open link
        </button>
      )}
      {entry.download?.map((offer) => (
        <DownloadButton
          key={offer.name}
          className="app-log-action"
          label={`Save ${offer.name}`}
          file={() => offeredFile(offer)}
          fileName={offer.name}
        />
      ))}
    </li>
  );
});

function offeredFile(offer: DownloadOffer): Blob {
  const type = offer.mimeType ?? 'application/octet-stream';
  return offer.base64 !== undefined
    ? new Blob([Uint8Array.from(atob(offer.base64), (char) => char.charCodeAt(0))], { type })
    : new Blob([offer.text ?? ''], { type });
}
