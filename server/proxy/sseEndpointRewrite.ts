import { Transform, type TransformCallback } from 'node:stream';

/** Bytes of a stream's start looked at for the `endpoint` event; then it passes untouched. */
const LOOK_BYTES = 64 * 1024;

/**
 * A legacy SSE server names the URL the host posts its messages to in an `endpoint` event. When
 * that is an absolute URL of the server's own origin, the host would post there directly, past
 * the proxy, and nothing it sends would be captured: the origin is changed to the proxy's (the
 * proxy serves every path of the server). A relative URL already resolves against the proxy, and
 * another origin is left alone (`onRewrite` says which). The stream is read as bytes (latin1 maps
 * each byte to one character and back), held only up to the end of each event until the
 * `endpoint` event has passed or LOOK_BYTES were seen; after that, chunks pass as they come.
 */
export class SseEndpointRewrite extends Transform {
  private held = '';
  private event: string[] = [];
  private seen = 0;
  private done = false;

  constructor(
    private readonly upstream: URL,
    private readonly proxyOrigin: string,
    private readonly onEndpoint: (from: string, to: string | undefined) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.done) {
      callback(null, chunk);
      return;
    }
    this.seen += chunk.length;
    this.held += chunk.toString('latin1');
    let out = '';
    for (;;) {
      const match = /\r\n|\n|\r/.exec(this.held);
      // A CR at the very end may be the first half of CR LF.
      if (!match || (match[0] === '\r' && match.index === this.held.length - 1)) break;
      const line = this.held.slice(0, match.index);
      this.event.push(line, match[0]);
      this.held = this.held.slice(match.index + match[0].length);
      if (line === '') {
        out += this.endOfEvent();
        if (this.done) break;
      }
    }
    if (this.done || this.seen > LOOK_BYTES) {
      this.done = true;
      out += this.event.join('') + this.held;
      this.event = [];
      this.held = '';
    }
    callback(null, out === '' ? undefined : Buffer.from(out, 'latin1'));
  }

  override _flush(callback: TransformCallback): void {
    const rest = this.event.join('') + this.held;
    callback(null, rest === '' ? undefined : Buffer.from(rest, 'latin1'));
  }

  /** The event's text, its `data` changed if it is the endpoint event. */
  private endOfEvent(): string {
    const parts = this.event;
    this.event = [];
    const lines = parts.filter((_, index) => index % 2 === 0);
    if (!lines.some((line) => /^event: ?endpoint$/.test(line))) return parts.join('');
    this.done = true;
    return parts
      .map((part, index) => {
        const data = index % 2 === 0 ? /^data: ?(.*)$/.exec(part) : null;
        if (!data) return part;
        const to = this.rewritten(data[1] as string);
        this.onEndpoint(data[1] as string, to);
        return to === undefined ? part : `data: ${to}`;
      })
      .join('');
  }

  private rewritten(endpoint: string): string | undefined {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(endpoint)) return undefined;
    try {
      const url = new URL(endpoint);
      if (url.origin !== this.upstream.origin) return undefined;
      return `${this.proxyOrigin}${url.pathname}${url.search}${url.hash}`;
    } catch {
      return undefined;
    }
  }
}
