import { useState } from 'react';
import type { Client } from '@modelcontextprotocol/client';

/** Sends ping and shows the round trip as the page measured it. */
export function PingButton({ client }: { client: Client }) {
  const [result, setResult] = useState<string | undefined>();
  const ping = async (): Promise<void> => {
    const started = performance.now();
    try {
      await client.ping({ timeout: 10_000 });
      setResult(`pong in ${(performance.now() - started).toFixed(1)} ms`);
    } catch (error) {
      setResult(`no pong: ${(error as Error).message}`);
    }
  };
  return (
    <span className="ping">
      <button type="button" onClick={() => void ping()}>
        Ping
      </button>{' '}
      {result && (
        <output aria-label="Ping result" className="muted">
          {result}
        </output>
      )}
    </span>
  );
}
