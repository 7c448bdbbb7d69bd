import { describe, expect, it } from 'vitest';
import { readNdjson } from './stepOverHttp';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes.encode(chunk));
      controller.close();
    },
  });
}

describe('readNdjson', () => {
  it('hands on each line as it completes, whatever the chunks cut', async () => {
    const lines: unknown[] = [];
    await readNdjson(
      streamOf(['{"type":"te', 'xt","delta":"é"}\n{"type":', '"step"}\n', '{"last":1}']),
      (line) => lines.push(line),
    );
    expect(lines).toEqual([{ type: 'text', delta: 'é' }, { type: 'step' }, { last: 1 }]);
  });

  it('ends with the reason on a line that is not JSON', async () => {
    await expect(readNdjson(streamOf(['{"ok":1}\n<html>\n']), () => undefined)).rejects.toThrow(
      'the bridge sent a line that is not JSON: <html>',
    );
  });
});
