import { describe, expect, it } from 'vitest';
import { fromJsonLines, toJsonLines } from './jsonLines.js';
import { readRecording } from '../../recording/readRecording.js';
import { readTrafficFile, trafficHeaderLine } from './trafficFile.js';

// A record neither reader needs more of: the readers' own checks of records are tested beside them.
const NOTE = '{"seq":1,"t":1,"type":"page","event":"note","detail":"a note"}';

describe('the traffic file: one header, one writer, one reader', () => {
  it("what the page's export writes, the recording reader and the page's import read alike", () => {
    const text = `${trafficHeaderLine(1_700_000_000_000, 1)}\n${NOTE}\n`;
    expect(toJsonLines([], 1_700_000_000_000).startsWith('{"type":"mcp-inspect-traffic","version":1,')).toBe(
      true,
    );
    expect(readTrafficFile(text).header).toMatchObject({ startedAt: 1_700_000_000_000 });
    expect(readRecording(text)).toEqual({ frames: [] });
    expect(fromJsonLines(text).records).toHaveLength(1);
    expect(fromJsonLines(text).startedAt).toBe(1_700_000_000_000);
  });

  it('a version it does not know, and a cut-off last line, are said with their line by both readers', () => {
    const newer = `{"type":"mcp-inspect-traffic","version":2,"exportedAt":1}\n${NOTE}\n`;
    expect(readRecording(newer)).toEqual({
      error: 'line 1: recording format version 2; this mcp-inspect reads version 1',
      line: 1,
    });
    expect(fromJsonLines(newer).skipped).toEqual([
      { line: 1, reason: 'recording format version 2; this mcp-inspect reads version 1' },
    ]);
    const cut = `${trafficHeaderLine(0, 1)}\n${NOTE.slice(0, 30)}`;
    expect(readRecording(cut)).toMatchObject({
      error: expect.stringMatching(/^line 2: the recording is cut off/),
    });
    expect(fromJsonLines(cut).skipped).toEqual([
      { line: 2, reason: 'the recording is cut off (its last line is half a record)' },
    ]);
  });
});
