import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';

/** Notifications seen on streams and not yet delivered, at most; the oldest are forgotten. */
const MAX_WAITING = 1_000;

/**
 * Which request's stream a server notification came on, over Streamable HTTP. A server sends
 * what it says while serving a request (log messages, progress) on that request's own SSE
 * response, in both eras; over stdio nothing on the wire ties the two. The SDK's transport hands
 * messages over without saying which stream they came on, so each POST's response stream is
 * read here as it passes through fetch (bytes unchanged), and what the transport then delivers
 * is matched to what was seen there: by content, not by order, since streams interleave.
 */
export class StreamOrigins {
  /** Notification key → the requests whose streams carried it, oldest first. */
  private readonly waiting = new Map<string, RequestId[]>();
  private count = 0;

  /**
   * The response to a POST of one request, with a body that notes the notifications on its way
   * to the transport. Other responses are returned as they are.
   */
  watch(response: Response, requestId: RequestId | undefined): Response {
    const type = response.headers.get('content-type') ?? '';
    if (requestId === undefined || !response.body || !type.startsWith('text/event-stream')) return response;
    const events = new SseEvents((data) => this.seen(data, requestId));
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          controller.enqueue(chunk);
          events.feedBytes(chunk);
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  /** The request whose stream carried this notification, if one did (and forgets it). */
  originOf(message: JSONRPCMessage): RequestId | undefined {
    if (this.count === 0 || !('method' in message) || 'id' in message) return undefined;
    const key = notificationKey(message);
    const queue = this.waiting.get(key);
    if (!queue) return undefined;
    const origin = queue.shift();
    this.count -= 1;
    if (queue.length === 0) this.waiting.delete(key);
    return origin;
  }

  private seen(data: string, requestId: RequestId): void {
    // A response (the stream's last event) needs no parse here: the transport parses it.
    if (!data.includes('"method"')) return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return; // the transport says what is wrong with it
    }
    if (typeof message !== 'object' || message === null || !('method' in message) || 'id' in message) return;
    const key = notificationKey(message);
    const queue = this.waiting.get(key);
    if (queue) queue.push(requestId);
    else this.waiting.set(key, [requestId]);
    this.count += 1;
    // What the transport never delivered (it refused it) must not pile up.
    while (this.count > MAX_WAITING) {
      const [oldestKey, oldest] = this.waiting.entries().next().value as [string, RequestId[]];
      oldest.shift();
      this.count -= 1;
      if (oldest.length === 0) this.waiting.delete(oldestKey);
    }
  }
}

/**
 * The same for a notification as parsed from the stream and as the SDK delivers it: the SDK's
 * schemas may put the keys in another order, so they are sorted.
 */
function notificationKey(message: object): string {
  return JSON.stringify(message, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * The data of each event of a text/event-stream, as the WHATWG spec splits it, for events small
 * enough to be a notification: a longer line (a large result) is skipped as it streams, not
 * gathered, so watching a stream costs no more than a scan of its bytes.
 */
class SseEvents {
  /** The line so far, when a chunk ended inside it. */
  private partial = '';
  /** The line under way grew past MAX_EVENT_CHARS: its event is not a notification's. */
  private tooLong = false;
  private skipLf = false;
  private data: string[] = [];

  private decoder = new TextDecoder();

  constructor(private readonly onData: (data: string) => void) {}

  /**
   * The bytes of a chunk. While a line too long to look at streams past, they are only searched
   * for its end, not decoded (bench/streamOriginsOnly.ts: a 10 MB result read through the watch
   * costs 3–4 ms more than read plain; 13 ms more when every byte was decoded and scanned).
   */
  feedBytes(bytes: Uint8Array): void {
    if (!this.tooLong) {
      this.feed(this.decoder.decode(bytes, { stream: true }));
      return;
    }
    // Buffer's indexOf is a native byte search; a Uint8Array's compares element by element.
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const lf = view.indexOf(0x0a);
    const cr = view.indexOf(0x0d);
    const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    if (end === -1) return;
    // The skipped line may have ended inside a character; what follows its end starts afresh.
    this.decoder = new TextDecoder();
    this.feed(this.decoder.decode(bytes.subarray(end), { stream: true }));
  }

  private feed(text: string): void {
    let at = 0;
    if (this.skipLf && text.startsWith('\n')) at = 1;
    this.skipLf = false;
    while (at < text.length) {
      const end = lineEnd(text, at);
      if (end === -1) break;
      this.line(this.partial + text.slice(at, end));
      this.partial = '';
      if (text[end] !== '\r') at = end + 1;
      else if (end + 1 < text.length) at = text[end + 1] === '\n' ? end + 2 : end + 1;
      else {
        // A CR that ends the chunk: a LF starting the next one belongs to it.
        this.skipLf = true;
        at = end + 1;
      }
    }
    if (at < text.length && !this.tooLong) {
      this.partial += text.slice(at);
      if (this.partial.length > MAX_EVENT_CHARS) {
        this.partial = '';
        this.tooLong = true;
      }
    }
  }

  private line(line: string): void {
    // A line may also arrive whole in one chunk, past the bound.
    const tooLong = this.tooLong || line.length > MAX_EVENT_CHARS;
    this.tooLong = false;
    if (line === '' && !tooLong) {
      if (this.data.length > 0) this.onData(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (tooLong) {
      this.data = [MARK_TOO_LONG];
      return;
    }
    if (!line.startsWith('data')) return;
    if (line === 'data') this.data.push('');
    else if (line.startsWith('data:')) this.data.push(line.slice(line[5] === ' ' ? 6 : 5));
  }
}

/** Past this, an event is not looked at (a notification's link is lost, not its message). */
const MAX_EVENT_CHARS = 64 * 1024;
/** Data that never parses: it stands for an event too long to look at. */
const MARK_TOO_LONG = '\u0000';

function lineEnd(text: string, from: number): number {
  const cr = text.indexOf('\r', from);
  const lf = text.indexOf('\n', from);
  if (cr === -1) return lf;
  if (lf === -1) return cr;
  return Math.min(cr, lf);
}
