/**
 * What the bridge reads of a URL target's answers, at most. Without these, a server that
 * answers with an endless JSON body, an SSE `data:` line that never ends, or an HTTP 500 of
 * hundreds of megabytes drives the bridge to gigabytes (fetch and the SDK's transports gather a
 * whole body, or a whole event, before they look at it) and, through the error text that repeats
 * such a body, freezes the page.
 */
export interface ResponseCaps {
  /** One message: a whole JSON body, or one event of an event stream (as one stdio line). */
  messageBytes: number;
  /** What is kept of the body of an HTTP error or redirect: enough to read why. */
  errorHeadBytes: number;
}

/** An error body is for a person to read; this much says what went wrong. */
export const ERROR_HEAD_BYTES = 4 * 1024;

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Why a body stopped being read: what the person is told, through the transport's error. */
export class BodyCapError extends Error {
  override name = 'BodyCapError';
}

/**
 * The response with a body that stops at the caps: an error answer (status ≥ 300) is cut to its
 * head, said at its end; a successful one is failed with a BodyCapError once one message passes
 * `messageBytes`, and the connection is closed (the rest is never read).
 */
export function capResponse(response: Response, caps: ResponseCaps, shownUrl: string): Response {
  // A null-body status (204, 304…) cannot be given a body again, and has none to cap.
  if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (response.status < 300 && type !== 'text/event-stream' && declared > caps.messageBytes) {
    // Said before a byte is read: a body its server says is too long is not read at all.
    void response.body.cancel().catch(() => undefined);
    const refused = new BodyCapError(
      `the answer of ${shownUrl} is ${megabytes(declared)} (its Content-Length), past ${megabytes(caps.messageBytes)}, the most mcp-inspect reads of one message: it was not read`,
    );
    return new Response(new ReadableStream({ start: (controller) => controller.error(refused) }), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }
  const transform =
    response.status >= 300
      ? headOnly(caps.errorHeadBytes)
      : type === 'text/event-stream'
        ? eventsUpTo(caps.messageBytes, shownUrl)
        : bodyUpTo(caps.messageBytes, shownUrl);
  return new Response(response.body.pipeThrough(transform), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 10 ? `${Math.round(mb)} MB` : `${Number(mb.toFixed(2))} MB`;
}

/** The first `limit` bytes, then a line that says the rest was not read; the source is cancelled. */
function headOnly(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      const room = limit - seen;
      seen += chunk.length;
      if (chunk.length <= room) {
        controller.enqueue(chunk);
        return;
      }
      controller.enqueue(chunk.subarray(0, room));
      controller.enqueue(
        new TextEncoder().encode(
          `… [cut by mcp-inspect: only the first ${limit} bytes of this answer were read]`,
        ),
      );
      // Closes what the transport reads and cancels the response: the rest is never read.
      controller.terminate();
    },
  });
}

/** A body of one message, failed past `limit` bytes. */
function bodyUpTo(limit: number, shownUrl: string): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.length;
      if (seen > limit) {
        controller.error(
          new BodyCapError(
            `the answer of ${shownUrl} passed ${megabytes(limit)}, the most mcp-inspect reads of one message: it stopped reading it`,
          ),
        );
        return;
      }
      controller.enqueue(chunk);
    },
  });
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * An event stream whose events may each be up to `limit` bytes; the stream goes on for as long
 * as the server sends (a GET stream lives as long as the session), but one event past the limit
 * (a `data:` line without end, or data lines without the empty line that ends an event) fails it.
 */
function eventsUpTo(limit: number, shownUrl: string): TransformStream<Uint8Array, Uint8Array> {
  const meter = new EventMeter();
  return new TransformStream({
    transform(chunk, controller) {
      if (meter.feed(chunk) > limit) {
        controller.error(
          new BodyCapError(
            `an event of the stream of ${shownUrl} passed ${megabytes(limit)}, the most mcp-inspect reads of one message: it stopped reading the stream`,
          ),
        );
        return;
      }
      controller.enqueue(chunk);
    },
  });
}

/**
 * Counts the bytes of the event under way in a text/event-stream: an event ends at an empty line
 * (a line terminator right after another; CRLF, LF or CR, as the WHATWG spec reads them). Only
 * line ends are looked at, found by a native byte search, so metering costs little more than the
 * bytes' passing.
 */
export class EventMeter {
  private eventBytes = 0;
  /** Nothing but a line end since the last one: a further line end ends the event. */
  private lineEmpty = true;
  /** The last byte was a CR, whose LF (if it comes next) belongs to it. */
  private afterCr = false;

  /** The chunk's bytes; returns the size of the event under way after them. */
  feed(bytes: Uint8Array): number {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    let nextLf = view.indexOf(LF, 0);
    let nextCr = view.indexOf(CR, 0);
    while (at < view.length) {
      if (nextLf !== -1 && nextLf < at) nextLf = view.indexOf(LF, at);
      if (nextCr !== -1 && nextCr < at) nextCr = view.indexOf(CR, at);
      const end = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
      if (end === -1) {
        this.eventBytes += view.length - at;
        this.lineEmpty = false;
        this.afterCr = false;
        break;
      }
      this.eventBytes += end - at + 1;
      if (end > at) {
        this.lineEmpty = false;
        this.afterCr = false;
      }
      const isCr = view[end] === CR;
      if (!isCr && this.afterCr) {
        // The LF of a CRLF: the line had already ended (and an event with it, perhaps).
        this.eventBytes -= 1;
        this.afterCr = false;
      } else {
        if (this.lineEmpty) this.eventBytes = 0;
        this.lineEmpty = true;
        this.afterCr = isCr;
      }
      at = end + 1;
    }
    return this.eventBytes;
  }
}
