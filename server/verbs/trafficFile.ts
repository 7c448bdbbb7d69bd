import { closeSync, writeSync } from 'node:fs';
import { trafficFileText, trafficHeaderLine } from '../../shared/core/traffic/trafficFile.js';
import { recordText, type RecordOut } from '../relay/envelopeText.js';

/**
 * `--traffic FILE`: the session as a traffic file, the format the page exports and imports
 * (shared/core/traffic/trafficFile.ts): a header line, then one record per line with the
 * bridge's stamps, so a headless run opens in the page's traffic pane. Lines are written as the
 * records come, in batches, so a run that is interrupted still leaves what happened until then.
 */
export class TrafficFile {
  private pending: string[] = [];
  private flushQueued = false;
  private closed = false;

  /** `fd`: opened for writing when the options were read, so a bad path fails before anything runs. */
  constructor(private readonly fd: number) {}

  /** The header: what the file is, and the wall-clock time at which the records' `t` is 0. */
  begin(startedAt: number): void {
    this.pending.push(trafficHeaderLine(startedAt));
    this.queueFlush();
  }

  write = (record: RecordOut): void => {
    if (this.closed) return;
    this.pending.push(recordText(record));
    this.queueFlush();
  };

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    closeSync(this.fd);
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.closed || this.pending.length === 0) return;
    const text = trafficFileText(this.pending);
    this.pending = [];
    writeSync(this.fd, text);
  }
}
