import type { WebSocket } from 'ws';
import { CLOSE_PAGE_FELL_BEHIND } from '../../shared/wireConstants.js';
import type { PageSink } from './pageChannel.js';

/**
 * The session's way to a page over a WebSocket, watching what waits to be sent: at most
 * `backlogBytes` (MemoryLimits.pageBacklogBytes). A page that stops reading (a paused debugger,
 * a frozen tab) while a server keeps answering would otherwise make the bridge buffer without
 * end: 40 results of 10 MB once took it from 77 MB to 843 MB. One message may go past the
 * bound (a large result is legitimate), so a page costs at most this plus one message. A page past
 * the bound is told why in the close frame and dropped by the session; the history stays
 * bounded as always, and a reload gets it back.
 */
export function createPageSink(
  ws: WebSocket,
  backlogBytes: number,
  onDropped: (sink: PageSink, reason: string) => void,
): PageSink {
  let dropped = false;
  const sink: PageSink = {
    send: (text) => {
      if (dropped || ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > backlogBytes) {
        dropped = true;
        const megabytes = Math.round(ws.bufferedAmount / (1024 * 1024));
        const behind = `fell behind: ${megabytes} MB were waiting for it`;
        // Sent after what is already queued; ws gives up on the handshake (and frees the
        // queue) after its close timeout if the page never reads that far.
        ws.close(CLOSE_PAGE_FELL_BEHIND, `This page ${behind}. Reload it to catch up.`);
        onDropped(sink, `it ${behind}`);
        return;
      }
      ws.send(text);
    },
    close: (code, reason) => ws.close(code, reason),
  };
  return sink;
}
