import { closeSync, openSync, readSync } from 'node:fs';
import { learnFromRecord, sessionFromHeader, type CapturedSession } from './capturedSession.js';

/** How much of a capture file the list reads to learn the host, the era and the last state. */
const SUMMARY_BYTES = 512 * 1024;

/**
 * What the head of one capture file says of its session (undefined: not a capture file). Its own
 * module: the page's list of captures reads it at the bridge's start, and capturesVerb.ts brings
 * the collections' export with it.
 */
export function summarizeCapture(file: string): CapturedSession | undefined {
  let text: string;
  try {
    const fd = openSync(file, 'r');
    const buffer = Buffer.alloc(SUMMARY_BYTES);
    const read = readSync(fd, buffer, 0, SUMMARY_BYTES, 0);
    closeSync(fd);
    text = buffer.toString('utf8', 0, read);
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  let session: CapturedSession | undefined;
  for (const line of lines) {
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (session === undefined) {
      session = sessionFromHeader(record);
      if (session === undefined) return undefined;
      continue;
    }
    learnFromRecord(session, record);
  }
  return session;
}
