import { useEffect, useState } from 'react';

/** Seconds since `since` (performance.now()), ticking while shown. */
export function ElapsedTime({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span className="elapsed">{formatSeconds(now - since)}</span>;
}

export function formatSeconds(ms: number): string {
  return ms < 1000 ? `${Math.max(0, ms).toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
