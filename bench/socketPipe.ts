import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { WebSocket } from 'ws';

const NEWLINE = Buffer.from('\n');

/**
 * Pipes one WebSocket to a stdio MCP server and does nothing else: each message is written to
 * its stdin as a line, each line of its stdout is sent as a text message (split as bytes; nothing
 * is parsed or checked). The floor of any bridge, for the relay bench and the floor page.
 */
export function pipeSocketToChild(
  ws: WebSocket,
  child: ChildProcessByStdio<Writable, Readable, Readable | null>,
): void {
  let partial: Buffer | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    let data = partial ? Buffer.concat([partial, chunk]) : chunk;
    partial = undefined;
    for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10)) {
      if (end > 0) ws.send(data.subarray(0, end), { binary: false });
      data = data.subarray(end + 1);
    }
    if (data.length > 0) partial = data;
  });
  ws.on('message', (data: Buffer) => {
    child.stdin.write(data);
    child.stdin.write(NEWLINE);
  });
  ws.on('close', () => child.stdin.end());
  child.on('exit', () => ws.close());
}
