/*
 * The floor under the inspector's first screen: React and the official SDK client, and nothing
 * else. It connects over a plain WebSocket to a byte pipe in front of the demo server (no bridge
 * protocol, no token), negotiates as the page does (auto: server/discover, then initialize), lists
 * the tools and renders their names. The startup bench measures it beside the inspector, in the
 * same browser and run, so the inspector's figures read against what its stack alone costs.
 */
import { createRoot } from 'react-dom/client';
import { Client, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';

/** The SDK's Transport over a browser WebSocket: one JSON-RPC message per text message. */
class SocketTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private socket: WebSocket | undefined;

  constructor(private readonly url: string) {}

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error(`could not connect to ${this.url}`));
      socket.onmessage = (event: MessageEvent<string>) =>
        this.onmessage?.(JSON.parse(event.data) as JSONRPCMessage);
      socket.onclose = () => this.onclose?.();
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.socket?.send(JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.socket?.close();
  }
}

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root');
const root = createRoot(element);
root.render(<p>connecting…</p>);

const relayPort = new URLSearchParams(location.search).get('relay');
const client = new Client({ name: 'floor', version: '0' }, { versionNegotiation: { mode: 'auto' } });
await client.connect(new SocketTransport(`ws://${location.hostname}:${relayPort}`));
const { tools } = await client.listTools();
root.render(
  <ul aria-label="Tools">
    {tools.map((tool) => (
      <li key={tool.name}>{tool.name}</li>
    ))}
  </ul>,
);
