import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { JSONRPCResultResponse, RequestId } from '@modelcontextprotocol/client';
import { CLIENT_INFO, PROTOCOL_VERSION, modernEnvelope } from './bridgeClient.js';
import { stopProcess, track, type StopReport } from './processes.js';

const RELAY_PATH = fileURLToPath(new URL('./rawRelayProcess.ts', import.meta.url));
const START_TIMEOUT_MS = 15_000;

interface Pending {
  resolve: (response: JSONRPCResultResponse) => void;
  reject: (error: Error) => void;
}

/**
 * A client of the raw relay (bench/rawRelayProcess.ts): bare JSON-RPC over a WebSocket, the least
 * any client of a relay does. Its figures are the floor the bridge is held against.
 */
export class RawRelayClient {
  private readonly pending = new Map<RequestId, Pending>();
  private nextId = 1;
  private modern = false;

  private constructor(
    private readonly ws: WebSocket,
    /** The relay process. */
    readonly pid: number | undefined,
    readonly stop: () => Promise<StopReport>,
  ) {
    ws.on('message', (data) => this.receive(String(data)));
    ws.on('close', () => this.failAll(new Error('the raw relay closed the socket')));
    ws.on('error', (error) => this.failAll(error));
  }

  /** Starts the relay process in front of `command` and connects to it. */
  static async start(command: string, args: string[]): Promise<RawRelayClient> {
    const child = spawn(process.execPath, ['--import', 'tsx', RELAY_PATH, command, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    track(child);
    const stop = (): Promise<StopReport> => stopProcess(child);
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error('the raw relay printed no port')), START_TIMEOUT_MS);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /port (\d+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(Number(match[1]));
          }
        });
        child.once('exit', (code) => reject(new Error(`the raw relay exited (${code}) before listening`)));
      });
      const ws = new WebSocket(`ws://127.0.0.1:${port}`);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      return new RawRelayClient(ws, child.pid, stop);
    } catch (error) {
      await stop();
      throw error;
    }
  }

  async initialize(): Promise<void> {
    await this.request('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  }

  async discover(): Promise<void> {
    this.modern = true;
    await this.request('server/discover', {});
  }

  request(method: string, params: Record<string, unknown>): Promise<JSONRPCResultResponse> {
    const id = this.nextId++;
    const withMeta = this.modern ? { ...params, _meta: modernEnvelope() } : params;
    const answered = new Promise<JSONRPCResultResponse>((resolve, reject) =>
      this.pending.set(id, { resolve, reject }),
    );
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params: withMeta }));
    return answered;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close();
    await this.stop();
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as { id?: RequestId; method?: string; error?: { message: string } };
    if (message.id === undefined || message.method !== undefined) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message as JSONRPCResultResponse);
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
