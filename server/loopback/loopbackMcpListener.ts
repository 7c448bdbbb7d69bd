import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation, localhostOriginValidation } from '@modelcontextprotocol/node';

export interface LoopbackMcpListener {
  /** The MCP endpoint's address, e.g. http://127.0.0.1:41234/mcp. */
  url: string;
  /** Ends every open connection (SSE streams would keep a plain close waiting forever) and stops listening. */
  close(): Promise<void>;
}

/**
 * An MCP endpoint over HTTP on 127.0.0.1 only, for the servers mcp-inspect itself runs (the demo,
 * a mock): they ask for no credentials, so a web page must not reach them. Host and Origin are
 * checked (DNS rebinding), and anything but `path` is a plain 404 that names the endpoint.
 */
export async function listenLoopbackMcp(
  path: string,
  port: number,
  serve: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackMcpListener> {
  const validHost = localhostHostValidation();
  const validOrigin = localhostOriginValidation();
  const server = createServer((req, res) => {
    if (!validHost(req, res) || !validOrigin(req, res)) return;
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${path}\n`);
      return;
    }
    serve(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
