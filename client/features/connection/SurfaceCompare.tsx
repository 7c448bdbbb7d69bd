import type { Client } from '@modelcontextprotocol/client';
import { useState } from 'react';
import { collectSurface, type Surface } from '../../../shared/core/surface';
import type { SurfaceChange } from '../../../shared/surfaceDiff/changes';
import { diffSurfaces, failedLists } from '../../../shared/surfaceDiff/diffSurfaces';
import { readSurfaceFile, snapshotText } from '../../../shared/surfaceDiff/snapshotFile';
import { readOtherServer } from '../../bridge/api';
import { targetFromText } from './compareTargetText';
import { ParityCheck } from './ParityCheck';
import { SurfaceSideBySide } from './SurfaceSideBySide';
import './surfaceCompare.css';

type Comparison =
  | { state: 'idle' }
  | { state: 'working' }
  | { state: 'failed'; message: string }
  | { state: 'done'; file: string; before: Surface; after: Surface; changes: SurfaceChange[] };

/**
 * The Server tab's "Compare with a snapshot…": a snapshot file (or a recording) against this
 * server's surface, read now, with each change beside its old and new values, breaking ones
 * marked. The same comparison as `mcp-inspect diff FILE -- <this server>`. "Compare with another
 * server…" does the same with another live server (a command line or a URL, read by the bridge
 * over a short-lived connection): `mcp-inspect diff` of two servers. Either way the two surfaces
 * are also shown side by side. And "Save snapshot", the file `mcp-inspect snapshot` writes, for
 * the next comparison.
 */
export function SurfaceCompare({ client }: { client: Client }) {
  const [comparison, setComparison] = useState<Comparison>({ state: 'idle' });

  const compare = async (file: File) => {
    setComparison({ state: 'working' });
    const read = readSurfaceFile(await file.text());
    if ('error' in read) {
      const where = read.line !== undefined && !read.error.startsWith('line ') ? `line ${read.line}: ` : '';
      setComparison({ state: 'failed', message: `${file.name}: ${where}${read.error}` });
      return;
    }
    await compareWithLive(file.name, read.surface);
  };

  const compareWithLive = async (label: string, before: Surface) => {
    try {
      const live = await collectSurface(client);
      setComparison({ state: 'done', file: label, before, after: live, changes: diffSurfaces(before, live) });
    } catch (error) {
      setComparison({ state: 'failed', message: `reading this server's lists: ${(error as Error).message}` });
    }
  };

  const [otherOpen, setOtherOpen] = useState(false);
  const [otherText, setOtherText] = useState('');
  const compareOther = async () => {
    const parsed = targetFromText(otherText);
    if ('error' in parsed) {
      setComparison({ state: 'failed', message: parsed.error });
      return;
    }
    setComparison({ state: 'working' });
    let other: Surface;
    try {
      other = (await readOtherServer(parsed.target)).surface;
    } catch (error) {
      setComparison({ state: 'failed', message: `${otherText.trim()}: ${(error as Error).message}` });
      return;
    }
    await compareWithLive(otherText.trim(), other);
  };

  const save = async () => {
    const text = snapshotText(await collectSurface(client));
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    link.download = 'surface.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <section className="surface-compare" aria-label="Compare surfaces">
      <h3>Compare</h3>
      <div className="actions">
        <label className="button">
          Compare with a snapshot…
          <input
            type="file"
            accept=".json,.jsonl,application/json"
            aria-label="Compare with a snapshot or recording"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void compare(file);
            }}
          />
        </label>
        <button type="button" onClick={() => setOtherOpen((open) => !open)} aria-expanded={otherOpen}>
          Compare with another server…
        </button>
        <button type="button" onClick={() => void save()}>
          Save snapshot
        </button>
      </div>
      {otherOpen && (
        <form
          className="other-server"
          onSubmit={(event) => {
            event.preventDefault();
            void compareOther();
          }}
        >
          <input
            type="text"
            aria-label="Another server: a command line or a URL"
            placeholder="node build/index.js   or   http://127.0.0.1:3001/mcp"
            value={otherText}
            onChange={(event) => setOtherText(event.target.value)}
          />
          <button type="submit" disabled={comparison.state === 'working'}>
            Compare
          </button>
        </form>
      )}
      <ParityCheck />
      {comparison.state === 'working' && <p className="muted">Comparing…</p>}
      {comparison.state === 'failed' && (
        <p role="alert" className="bad">
          {comparison.message}
        </p>
      )}
      {comparison.state === 'done' && (
        <>
          <ChangeTable
            file={comparison.file}
            changes={comparison.changes}
            failed={failedLists(comparison.before, comparison.after)}
          />
          <SurfaceSideBySide
            label={comparison.file}
            before={comparison.before}
            after={comparison.after}
            changes={comparison.changes}
          />
        </>
      )}
    </section>
  );
}

/**
 * The changes, counted; a side whose list failed makes the comparison incomplete, said first and
 * as an error (as `diff` exits 4), never summed up as "compatible".
 */
function ChangeTable({
  file,
  changes,
  failed,
}: {
  file: string;
  changes: SurfaceChange[];
  failed: string[];
}) {
  const breaking = changes.filter((change) => change.kind === 'breaking').length;
  const counts =
    changes.length === 0 ? 'no changes' : `${breaking} breaking, ${changes.length - breaking} compatible`;
  return (
    <>
      {failed.length > 0 && (
        <p role="alert" className="bad">
          The comparison is incomplete: {failed.join('; ')}.
        </p>
      )}
      <p role="status" aria-label="Comparison summary">
        {failed.length > 0
          ? `${file} → this server: incomplete (a list failed); of what could be read, ${counts}`
          : `${file} → this server: ${counts}`}
      </p>
      {changes.length > 0 && (
        <table className="surface-changes" aria-label="Changes">
          <thead>
            <tr>
              <th>Change</th>
              <th>{file}</th>
              <th>This server</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change, index) => (
              <tr key={index} className={change.kind} aria-label={`${change.kind}: ${change.what}`}>
                <td>
                  <span className={`chip ${change.kind}`}>{change.kind}</span> {change.what}
                  <div className="muted path">{change.path}</div>
                </td>
                <td className="value before">{shown(change.before)}</td>
                <td className="value after">{shown(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function shown(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value, null, 2);
}
