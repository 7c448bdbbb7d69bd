// Real SDK servers for the core's tests, over the SDKs' in-memory transports: a dual-era SDK v2
// server (serveStdio decides the era per connection, as a real stdio server does), and a legacy
// SDK v1 server, what most servers on npm still are. Nothing of MCP is mocked.
import { InMemoryTransport, type Transport } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { systemClock, type Clock } from './platform.js';

/** The client's end of a fresh connection to an SDK v2 server made by `make`. */
export function v2Connection(make: () => McpServer, legacy: 'serve' | 'reject' = 'serve'): Transport {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(make, { transport: serverSide, legacy });
  return clientSide;
}

/** The client's end of a fresh connection to an SDK v1 (legacy era) server. */
export async function v1Connection(server: McpServerV1): Promise<Transport> {
  const [clientSide, serverSide] = InMemoryTransportV1.createLinkedPair();
  await server.connect(serverSide);
  // SDK v1's transport speaks the same JSON-RPC; only its TypeScript types are its own.
  return clientSide as unknown as Transport;
}

/**
 * A clock the test moves by hand: timers fire only when `advance` passes them, so a test can
 * say "far more time than the timeout passed" without waiting or asserting any timing.
 */
export class ManualClock implements Clock {
  private t = 0;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.t;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.t + ms, callback });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time on, firing each timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].callback();
    }
    this.t = until;
  }

  /** How many timers are armed. */
  get armed(): number {
    return this.timers.size;
  }
}

/** Resolves once `check` holds, looking again every few milliseconds (real time, never asserted). */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let look = 0; look < 2_000; look += 1) {
    if (check()) return;
    await new Promise<void>((resolve) => systemClock.setTimeout(resolve, 5));
  }
  throw new Error(`still waiting for ${what}`);
}
