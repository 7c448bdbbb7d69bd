import { useEffect, useState } from 'react';
import {
  changeHostConfig,
  hostLocations,
  readHostConfig,
  type HostConfigChange,
  type HostConfigView,
  type HostLocationView,
} from './hostConfigApi';
import './hostConfig.css';

type Action = 'wrap' | 'unwrap';

/**
 * The Hosts tab: put a host's servers (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf) on
 * mcp-inspect's capture proxy, as `mcp-inspect wrap` does: choose the file and the servers, see the
 * change as a diff (secrets masked by the bridge), then write it; and back with unwrap.
 */
export function HostConfigPanel() {
  const [locations, setLocations] = useState<HostLocationView[]>([]);
  const [config, setConfig] = useState('');
  const [view, setView] = useState<HostConfigView>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [preview, setPreview] = useState<{ action: Action; change: HostConfigChange }>();
  const [done, setDone] = useState<{ action: Action; change: HostConfigChange }>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    hostLocations().then(
      (found) => {
        setLocations(found);
        setConfig(
          (current) => current || (found.find((entry) => entry.exists)?.path ?? found[0]?.path ?? ''),
        );
      },
      (error: Error) => setProblem(error.message),
    );
  }, []);

  const run = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const read = () =>
    run(async () => {
      setPreview(undefined);
      setDone(undefined);
      const found = await readHostConfig(config);
      setView(found);
      setChosen([]);
    });
  const previewOf = (action: Action) =>
    run(async () => {
      setDone(undefined);
      setPreview({
        action,
        change: await changeHostConfig({ action, config, servers: chosen, dryRun: true }),
      });
    });
  const write = () =>
    run(async () => {
      if (!preview) return;
      const change = await changeHostConfig({
        action: preview.action,
        config,
        servers: chosen,
        dryRun: false,
      });
      setDone({ action: preview.action, change });
      setPreview(undefined);
      setView(await readHostConfig(config));
    });
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));

  return (
    <section className="host-config-panel" aria-label="Put a host on the proxy">
      <p className="host-config-intro">
        Run a host's servers through mcp-inspect's proxy to see what the host sends them. The host's config
        file is changed in place (comments and layout kept); the file as it was is kept, and Unwrap puts it
        back.
      </p>
      <div className="host-config-pick">
        <label>
          Config file
          <input
            list="host-config-locations"
            value={config}
            onChange={(event) => setConfig(event.target.value)}
            spellCheck={false}
          />
        </label>
        <datalist id="host-config-locations">
          {locations.map((entry) => (
            <option key={entry.name} value={entry.path}>
              {`${entry.what}${entry.exists ? '' : ' (not there)'}`}
            </option>
          ))}
        </datalist>
        <button type="button" onClick={() => void read()} disabled={busy || config === ''}>
          Read
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {view && (
        <>
          <ul className="host-config-servers" aria-label="Servers in the file">
            {view.servers.map((server) => (
              <li key={server.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(server.id)}
                    onChange={() => toggle(server.id)}
                  />
                  <span className="host-config-name">{server.id}</span>
                  <span className="host-config-kind">{server.kind}</span>
                  {server.wrapped && <span className="badge">on the proxy</span>}
                  <code className="host-config-shown">{server.shown}</code>
                </label>
              </li>
            ))}
            {view.servers.length === 0 && <li className="placeholder">No servers in this file.</li>}
          </ul>
          {view.unreadable.map((entry) => (
            <p key={entry.id} className="host-config-note">
              {entry.id}: {entry.why}
            </p>
          ))}
          <div className="host-config-actions">
            <button
              type="button"
              onClick={() => void previewOf('wrap')}
              disabled={busy || chosen.length === 0}
            >
              Preview wrap
            </button>
            <button
              type="button"
              onClick={() => void previewOf('unwrap')}
              disabled={busy || chosen.length === 0}
            >
              Preview unwrap
            </button>
          </div>
        </>
      )}
      {preview && (
        <div className="host-config-preview">
          <ChangeSummary action={preview.action} change={preview.change} previewing />
          {preview.change.diff !== '' && <DiffView diff={preview.change.diff} />}
          {preview.change.changed.length > 0 && (
            <button type="button" className="primary" onClick={() => void write()} disabled={busy}>
              {preview.action === 'wrap' ? 'Wrap: write the file' : 'Unwrap: write the file'}
            </button>
          )}
        </div>
      )}
      {done && (
        <div className="host-config-done" role="status">
          <ChangeSummary action={done.action} change={done.change} />
        </div>
      )}
    </section>
  );
}

function ChangeSummary({
  action,
  change,
  previewing = false,
}: {
  action: Action;
  change: HostConfigChange;
  previewing?: boolean;
}) {
  const verb = previewing ? `Would ${action}` : action === 'wrap' ? 'Wrapped' : 'Unwrapped';
  return (
    <div className="host-config-summary">
      <ul>
        {change.changed.map((entry) => (
          <li key={entry.id}>
            {verb} <strong>{entry.id}</strong> ({entry.kind})
            {entry.proxyCommand && action === 'wrap' && (
              <>
                : the host is to connect to <code>{entry.localUrl}</code>; start its proxy with{' '}
                <code className="host-config-command">{entry.proxyCommand}</code>
              </>
            )}
          </li>
        ))}
        {change.skipped.map((entry) => (
          <li key={entry.id} className="host-config-note">
            Left <strong>{entry.id}</strong>: {entry.why}
          </li>
        ))}
      </ul>
      {!previewing && change.written && (
        <p className="host-config-note">
          {change.restored
            ? 'The file is back as it was before the wrap, byte for byte.'
            : change.changedSinceWrap
              ? 'The file changed since the wrap: only the wrapped entries were put back, and the other changes kept.'
              : action === 'wrap'
                ? `Written. The file as it was is kept in ${change.record}.`
                : 'Written.'}{' '}
          Restart the host (or reload its MCP servers) for this to take effect.
        </p>
      )}
    </div>
  );
}

function DiffView({ diff }: { diff: string }) {
  return (
    <pre className="host-config-diff" aria-label="The change to the file">
      {diff
        .trimEnd()
        .split('\n')
        .map((line, index) => (
          <span
            key={index}
            className={
              line.startsWith('+++') || line.startsWith('---')
                ? 'diff-head'
                : line.startsWith('@@')
                  ? 'diff-hunk'
                  : line.startsWith('+')
                    ? 'diff-add'
                    : line.startsWith('-')
                      ? 'diff-remove'
                      : undefined
            }
          >
            {line}
            {'\n'}
          </span>
        ))}
    </pre>
  );
}
