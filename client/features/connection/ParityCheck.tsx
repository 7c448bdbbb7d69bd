import { useState } from 'react';
import { checkEraParity, type ParityReport } from '../../bridge/api';

type Check =
  | { state: 'idle' }
  | { state: 'working' }
  | { state: 'failed'; message: string }
  | { state: 'done'; report: ParityReport };

/**
 * The Server tab's "Check era parity": the bridge opens the target twice more, once per era, and
 * compares what each offers, as `mcp-inspect parity` does; each difference with its legacy and
 * modern values. When the bridge has a collection file, its calls are run in both eras too and
 * their results compared (`parity --collection`).
 */
export function ParityCheck() {
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const run = async () => {
    setCheck({ state: 'working' });
    try {
      setCheck({ state: 'done', report: await checkEraParity() });
    } catch (error) {
      setCheck({ state: 'failed', message: (error as Error).message });
    }
  };
  return (
    <div className="parity-check">
      <button type="button" onClick={() => void run()} disabled={check.state === 'working'}>
        Check era parity
      </button>
      {check.state === 'working' && (
        <p className="muted">
          Reading the server (and running the collection&apos;s calls, if there is one) in the legacy and the
          modern era…
        </p>
      )}
      {check.state === 'failed' && (
        <p role="alert" className="bad">
          {check.message}
        </p>
      )}
      {check.state === 'done' && (
        <>
          <p role="status" aria-label="Era parity">
            {check.report.agree
              ? `The eras agree (${check.report.legacy.protocolVersion ?? 'legacy'} and ${check.report.modern.protocolVersion ?? 'modern'})`
              : `The eras differ: ${check.report.differences.length} difference${check.report.differences.length === 1 ? '' : 's'}`}
          </p>
          {check.report.collection && (
            <p className="muted" aria-label="Collection calls compared">
              With the {check.report.collection.calls} call
              {check.report.collection.calls === 1 ? '' : 's'} of {check.report.collection.path}, run in both
              eras
            </p>
          )}
          {check.report.collectionProblem && (
            <p className="bad" aria-label="Collection not used">
              {check.report.collectionProblem}
            </p>
          )}
          {!check.report.agree && (
            <table className="surface-changes" aria-label="Era differences">
              <thead>
                <tr>
                  <th>Difference</th>
                  <th>Legacy</th>
                  <th>Modern</th>
                </tr>
              </thead>
              <tbody>
                {check.report.differences.map((difference, index) => (
                  <tr key={index} className="breaking" aria-label={difference.what}>
                    <td>
                      {difference.what}
                      <div className="muted path">{difference.path}</div>
                    </td>
                    <td className="value before">{shown(difference.before)}</td>
                    <td className="value after">{shown(difference.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}

function shown(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value, null, 2);
}
