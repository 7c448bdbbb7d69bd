import { Suspense } from 'react';
import { useFirstScreenShown } from '../../afterFirstScreen';
import { TrafficPane } from '../../lazyFeatures';

/**
 * The traffic pane, loaded once the first screen has shown: the tool list does not wait for its
 * grid, filters and export. Its records are kept from the first frame on (the session's
 * TrafficLog), so nothing is missed meanwhile.
 */
export function DeferredTrafficPane() {
  const shown = useFirstScreenShown();
  const loading = (
    <section className="traffic-pane">
      <p className="placeholder">Loading the traffic…</p>
    </section>
  );
  if (!shown) return loading;
  return (
    <Suspense fallback={loading}>
      <TrafficPane />
    </Suspense>
  );
}
