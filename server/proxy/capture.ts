import { performance } from 'node:perf_hooks';
import { isJsonRpcMessageShape, jsonRpcEnvelope } from '../../shared/jsonRpcShape.js';
import { LARGE_FRAME_BYTES } from '../../shared/wireConstants.js';
import { trafficHeaderLine } from '../../shared/core/traffic/trafficFile.js';
import type { CaptureSink } from './captureSink.js';
import type { SecretValues } from './secretValues.js';

export type CaptureDirection = 'toServer' | 'fromServer';

/** What the capture file's header says about the session (docs/capture.md). */
export interface CaptureInfo {
  id: string;
  transport: 'stdio' | 'streamable-http' | 'sse';
  /** The server: its command line or URL, secrets masked. */
  server: string;
  /** The proxy's own process id. */
  proxyPid: number;
  /** The `--inject` rules in force, as written. */
  inject: string[];
}

/** A stderr line or a line that is not JSON-RPC is kept up to this many characters. */
const MAX_TEXT = 8_192;

/**
 * A proxy's capture: what passes, turned into the records of the page's traffic model
 * (shared/wire.ts TimelineRecord: `frame`, `state`, `stderr`, `transportError`, `note`, `http`),
 * numbered and timed, secrets masked, and handed to every sink as one line of JSON text. The
 * capture parses copies of the lines; the relay never waits for it.
 */
export class Capture {
  private seq = 0;
  private readonly origin = performance.now();
  readonly startedAt = Date.now();

  constructor(
    readonly info: CaptureInfo,
    private readonly secrets: SecretValues,
    private readonly sinks: CaptureSink[],
  ) {
    const header = trafficHeaderLine(this.startedAt, this.startedAt, {
      capture: { ...info, server: secrets.maskText(info.server) },
    });
    for (const sink of sinks) sink.begin(header);
  }

  /** Milliseconds since the session began, as the bridge stamps its records. */
  now(): number {
    return Math.round((performance.now() - this.origin) * 1000) / 1000;
  }

  /**
   * One line as it travelled (without its newline): a frame per JSON-RPC message it holds (a
   * batch holds several), or a `transportError` with the line itself when it is not JSON-RPC.
   */
  line(dir: CaptureDirection, line: string, bytes: number, mark: { synthetic?: boolean } = {}): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.notJsonRpc(dir, line, 'not JSON');
      return;
    }
    if (Array.isArray(value) && value.length > 0 && value.every(isJsonRpcMessageShape)) {
      for (const message of value)
        this.frame(dir, JSON.stringify(message), message, Buffer.byteLength(JSON.stringify(message)), mark);
      return;
    }
    if (!isJsonRpcMessageShape(value)) {
      this.notJsonRpc(dir, line, 'JSON that is not a JSON-RPC message');
      return;
    }
    this.frame(dir, line, value, bytes, mark);
  }

  /** A line too long to keep (the relay passed it on whole). */
  overlong(dir: CaptureDirection, bytes: number): void {
    this.transportError(
      `${sideName(dir)} wrote a line of ${bytes} bytes: passed on, too long to keep in the capture`,
    );
  }

  stderr(line: string): void {
    const masked = this.secrets.maskText(line.slice(0, MAX_TEXT));
    this.emit((seq, t) => JSON.stringify({ type: 'stderr', seq, t, generation: 1, line: masked }));
  }

  state(fields: Record<string, unknown> & { state: string }): void {
    this.emit((seq, t) => JSON.stringify({ type: 'state', seq, t, generation: 1, ...fields }));
  }

  note(text: string, level: 'info' | 'warning' = 'info'): void {
    const masked = this.secrets.maskText(text);
    this.emit((seq, t) =>
      JSON.stringify({ type: 'note', seq, t, generation: 1, level, source: 'bridge', text: masked }),
    );
  }

  transportError(message: string, raw?: string, status?: number): void {
    const fields = {
      message,
      ...(raw === undefined ? {} : { raw: this.secrets.maskText(raw.slice(0, MAX_TEXT)) }),
      ...(status === undefined ? {} : { status }),
    };
    this.emit((seq, t) => JSON.stringify({ type: 'transportError', seq, t, generation: 1, ...fields }));
  }

  /** An HTTP exchange (the HTTP proxy's), headers already masked. */
  http(exchange: Record<string, unknown> & { t: number }): void {
    const { t, ...rest } = exchange;
    this.emit((seq) => JSON.stringify({ type: 'http', seq, t, generation: 1, ...rest }));
  }

  close(): void {
    for (const sink of this.sinks) sink.close();
  }

  private notJsonRpc(dir: CaptureDirection, line: string, what: string): void {
    this.transportError(`${sideName(dir)} wrote a line that is ${what}: passed on unchanged`, line);
  }

  private frame(
    dir: CaptureDirection,
    text: string,
    message: unknown,
    bytes: number,
    mark: { synthetic?: boolean },
  ): void {
    const elided = bytes > LARGE_FRAME_BYTES;
    const messageText = this.secrets.maskJson(
      elided ? JSON.stringify(jsonRpcEnvelope(message)) : text.trim(),
    );
    this.emit(
      (seq, t) =>
        `{"type":"frame","seq":${seq},"t":${t},"dir":"${dir}","bytes":${bytes},"generation":1` +
        `${mark.synthetic ? ',"synthetic":true' : ''}${elided ? ',"elided":true' : ''},"message":${messageText}}`,
    );
  }

  private emit(write: (seq: number, t: number) => string): void {
    this.seq += 1;
    const seq = this.seq;
    const t = this.now();
    const text = write(seq, t);
    for (const sink of this.sinks) sink.write(text, seq, t);
  }
}

function sideName(dir: CaptureDirection): string {
  return dir === 'toServer' ? 'the host' : 'the server';
}
