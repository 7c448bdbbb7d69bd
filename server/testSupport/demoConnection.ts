import type { Client } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as V1Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { onTestFinished } from 'vitest';
import { DemoState } from '../demo/demoState.js';
import { serveDemoConnection } from '../demo/demoStdio.js';

/**
 * The client's end of a fresh demo connection in memory, through the same wiring the stdio
 * entry uses; closed when the test ends.
 */
export function serveDemo(state = new DemoState()): InMemoryTransport {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveDemoConnection(serverSide, state);
  onTestFinished(() => handle.close());
  return clientSide;
}

/** Connects a v2 or a v1 SDK client to a fresh demo connection in memory; closed when the test ends. */
export async function connectToDemo<C extends Client | V1Client>(client: C, state?: DemoState): Promise<C> {
  const transport = serveDemo(state);
  // A v1 client takes the v2 in-memory transport as it is: the Transport interface is the same.
  if (client instanceof V1Client) await client.connect(transport as V1Transport);
  else await client.connect(transport);
  onTestFinished(() => client.close());
  return client;
}
