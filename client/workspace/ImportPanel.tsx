import { useEffect, useState } from 'react';
import type { HostLocationView } from '../../shared/hostConfigWire';
import { hostLocations, importServers, type ImportPreview } from './importApi';

/**
 * Import from… a host's config: choose a host's file (or give a path), see what the workspace
 * would take (each server as it would be written, secrets as `${env:…}` references, names told
 * apart), choose, import. The servers are written to the workspace file and start at once.
 */
export function ImportPanel() {
  const [locations, setLocations] = useState<HostLocationView[]>();
  const [config, setConfig] = useState('');
  const [preview, setPreview] = useState<ImportPreview>();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();

  useEffect(() => {
    hostLocations()
      .then(setLocations)
      .catch((error: Error) => setProblem(error.message));
  }, []);

  const ask = async (dryRun: boolean): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    setDone(undefined);
    try {
      const answer = await importServers(config, dryRun ? undefined : [...chosen], dryRun);
      if (dryRun) {
        setPreview(answer);
        setChosen(new Set(answer.imported.map((one) => one.from)));
      } else {
        setPreview(undefined);
        setDone(
          `Imported ${answer.imported.length} server${answer.imported.length === 1 ? '' : 's'} into ${answer.file}: they are starting.`,
        );
      }
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const toggle = (from: string): void =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(from)) next.delete(from);
      else next.add(from);
      return next;
    });

  return (
    <section className="ws-import" aria-label="Import servers">
      <h2>Import from a host's config</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void ask(true);
        }}
      >
        <fieldset>
          <legend>The host's config file</legend>
          {locations?.map((location) => (
            <label key={location.name} className="ws-location">
              <input
                type="radio"
                name="config"
                value={location.name}
                checked={config === location.name}
                disabled={!location.exists}
                onChange={() => setConfig(location.name)}
              />{' '}
              {location.what} <code>{location.path}</code>
              {!location.exists && <span className="ws-muted"> (not on this machine)</span>}
            </label>
          ))}
          <label className="ws-location">
            Another file:{' '}
            <input
              type="text"
              aria-label="Config file path"
              placeholder=".vscode/mcp.json"
              value={locations?.some((location) => location.name === config) ? '' : config}
              onChange={(event) => setConfig(event.target.value)}
            />
          </label>
        </fieldset>
        <button type="submit" disabled={busy || config.trim() === ''}>
          Preview
        </button>
      </form>
      {problem && (
        <p className="ws-failed" role="alert">
          {problem}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      {preview && (
        <div className="ws-preview" aria-label="What would be imported" role="region">
          <p>
            From <code>{preview.config}</code> into <code>{preview.file}</code>:
          </p>
          <ul>
            {preview.imported.map((one) => (
              <li key={one.from}>
                <label>
                  <input type="checkbox" checked={chosen.has(one.from)} onChange={() => toggle(one.from)} />{' '}
                  <strong>{one.server.name}</strong>{' '}
                  <code>{one.server.url ?? [one.server.command, ...(one.server.args ?? [])].join(' ')}</code>
                </label>
                {one.notes.length > 0 && (
                  <ul className="ws-notes">
                    {one.notes.map((note) => (
                      <li key={note}>{note}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {preview.skipped.length > 0 && (
            <p className="ws-muted">Not importable: {preview.skipped.join('; ')}</p>
          )}
          <button type="button" disabled={busy || chosen.size === 0} onClick={() => void ask(false)}>
            Import {chosen.size} server{chosen.size === 1 ? '' : 's'}
          </button>
        </div>
      )}
    </section>
  );
}
