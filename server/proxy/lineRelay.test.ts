// The stdio relay's two modes: bytes as they come while no rule or breakpoint asks for lines,
// lines from the next line boundary once a breakpoint is set (a line begun uncut ends uncut),
// and bytes again once none is left: what is not held passes as the same bytes throughout.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Breakpoints } from './breakpoints.js';
import { Capture } from './capture.js';
import { LineRelay } from './lineRelay.js';
import { SecretValues } from './secretValues.js';

function relay() {
  const records: string[] = [];
  const capture = new Capture(
    { id: 't', transport: 'stdio', server: 'x', proxyPid: 1, inject: [] },
    new SecretValues(),
    [{ begin: () => undefined, write: (text) => records.push(text), close: () => undefined }],
  );
  const breakpoints = new Breakpoints(capture);
  const source = new PassThrough();
  const sink = new PassThrough();
  const back = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const line = new LineRelay(
    {
      source,
      sink,
      from: 'host',
      back: () => back,
      truncateAnswersTo: new Map(),
      truncateAnswersFrom: new Map(),
    },
    [],
    capture,
    breakpoints,
  );
  const flushed = () => new Promise((resolve) => setImmediate(resolve));
  return { source, chunks, breakpoints, line, records, flushed };
}

const call = (id: number, name: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });

describe('the stdio relay with breakpoints', () => {
  it('passes chunks as they come with none set, switches to lines at a boundary, and back', async () => {
    const { source, chunks, breakpoints, records, flushed } = relay();
    const first = Buffer.from(`${call(1, 'echo')}\n`);
    // Half a line uncut: it goes on at once, as it came.
    source.write(first.subarray(0, 10));
    await flushed();
    expect(Buffer.concat(chunks)).toEqual(first.subarray(0, 10));
    breakpoints.setRules([{ id: 'r', text: 'tools/call name=echo', method: 'tools/call', name: 'echo' }]);
    // The rest of that line still passes uncut (it began before the breakpoint); the next is held.
    source.write(
      Buffer.concat([first.subarray(10), Buffer.from(`${call(2, 'echo')}\n${call(3, 'other')}\n`)]),
    );
    await flushed();
    expect(Buffer.concat(chunks).toString()).toBe(`${call(1, 'echo')}\n${call(3, 'other')}\n`);
    expect(breakpoints.heldCount).toBe(1);
    // Cleared: bytes as they come again, a partial line included.
    breakpoints.setRules([]);
    source.write(Buffer.from(`${call(4, 'echo')}\n{"jsonrpc"`));
    await flushed();
    expect(Buffer.concat(chunks).toString()).toBe(
      `${call(1, 'echo')}\n${call(3, 'other')}\n${call(4, 'echo')}\n{"jsonrpc"`,
    );
    // The held one goes on as it was when released, after the others.
    breakpoints.releaseAll('test');
    await flushed();
    expect(
      Buffer.concat(chunks)
        .toString()
        .endsWith(`{"jsonrpc"${call(2, 'echo')}\n`),
    ).toBe(true);
    // The capture saw every line once, cut or not.
    const frames = records.filter((text) => text.includes('"type":"frame"'));
    expect(frames).toHaveLength(4);
  });
});
