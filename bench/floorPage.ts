// The floor page (bench/floorPage/): built, served and connected to a demo server, so the startup
// bench can open it beside the inspector in the same browser and run.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { WebSocketServer } from 'ws';
import { precompressDir } from '../scripts/precompress.mjs';
import { DEMO_SERVER_PATH } from './paths.js';
import { stopProcess, track } from './processes.js';
import { pipeSocketToChild } from './socketPipe.js';

const FLOOR_ROOT = fileURLToPath(new URL('./floorPage/', import.meta.url));
/** The same SDK shim as the inspector's page (vite.config.ts), so both carry the same SDK code. */
const SDK_SHIMS = fileURLToPath(new URL('../client/schema/sdkShims.ts', import.meta.url));
const READY_LINE = 'demo server ready';
const READY_TIMEOUT_MS = 15_000;
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** A stdio server for the floor page: its arguments to node, and the stderr line saying it is ready. */
export interface FloorServer {
  args: string[];
  readyLine: string;
}

export const DEMO_FLOOR_SERVER: FloorServer = { args: [DEMO_SERVER_PATH], readyLine: READY_LINE };

export interface FloorPage {
  /**
   * Starts a server (the demo unless told), waits until it is ready (as the inspector's is by the
   * time its page asks), and returns the address that opens the page on it, through a byte pipe
   * of its own, with how long the server took to be ready (performance.now() ms).
   */
  launch(server?: FloorServer): Promise<{ url: string; readyMs: number; stop(): Promise<void> }>;
  close(): Promise<void>;
}

/** Builds the floor page into a temporary folder, precompressed as dist/client is, and serves it. */
export async function startFloorPage(): Promise<FloorPage> {
  const outDir = await mkdtemp(join(tmpdir(), 'mcp-inspect-floor-'));
  await build({
    configFile: false,
    root: FLOOR_ROOT,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: [{ find: /^@modelcontextprotocol\/client\/_shims$/, replacement: SDK_SHIMS }] },
    build: { outDir, emptyOutDir: true },
  });
  await precompressDir(outDir);
  const http = serveStatic(outDir);
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    async launch(server = DEMO_FLOOR_SERVER) {
      const spawnedAt = performance.now();
      const child = spawn(process.execPath, server.args, { stdio: ['pipe', 'pipe', 'pipe'] });
      track(child);
      await serverReady(child, server.readyLine);
      const readyMs = performance.now() - spawnedAt;
      const relay = new WebSocketServer({ host: '127.0.0.1', port: 0 });
      await once(relay, 'listening');
      relay.once('connection', (ws) => pipeSocketToChild(ws, child));
      const relayPort = (relay.address() as AddressInfo).port;
      return {
        url: `${origin}/?relay=${relayPort}`,
        readyMs,
        async stop() {
          relay.close();
          await stopProcess(child);
        },
      };
    },
    async close() {
      http.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** Files from `root`, as brotli when the browser takes it and a .br copy exists. */
function serveStatic(root: string): Server {
  return createServer((request, response) => {
    void (async () => {
      const pathname = new URL(request.url ?? '/', 'http://x').pathname;
      const path = normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
      if (!path.startsWith(root + sep)) return void response.writeHead(404).end();
      const acceptsBrotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const compressed = acceptsBrotli ? await readFile(`${path}.br`).catch(() => undefined) : undefined;
      const body = compressed ?? (await readFile(path).catch(() => undefined));
      if (body === undefined) return void response.writeHead(404).end();
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
        ...(compressed !== undefined ? { 'content-encoding': 'br' } : {}),
      });
      response.end(body);
    })();
  });
}

function serverReady(
  child: ChildProcessByStdio<Writable, Readable, Readable>,
  readyLine: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const fail = (why: string): void => {
      clearTimeout(timer);
      reject(new Error(`the server ${why} before it said "${readyLine}"`));
    };
    const timer = setTimeout(() => fail(`took ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    child.once('exit', (code) => fail(`exited (code ${code})`));
    // Kept draining after ready, so a chatty server never blocks on a full pipe.
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (!seen.includes(readyLine)) return;
      clearTimeout(timer);
      resolve();
    });
  });
}
