import { useEffect, useState } from 'react';
import { formatElapsed } from '../../components/format';

/** Seconds since `since` (performance.now()), ticking while shown. */
export function ElapsedTime({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span className="elapsed">{formatElapsed(now - since)}</span>;
}
