/** The longest line a step may stream: a model's whole answer is one `step` line. */
const MAX_LINE = 4 * 1024 * 1024;

/**
 * Reads newline-delimited JSON from a stream, each line parsed and handed on as it arrives; a
 * line that is not JSON, or one past the bound, ends the read with the reason.
 */
export async function readNdjson(
  stream: ReadableStream<Uint8Array>,
  onLine: (value: unknown) => void,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const take = (line: string): void => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`the bridge sent a line that is not JSON: ${line.slice(0, 120)}`);
    }
    onLine(value);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      take(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
    if (buffered.length > MAX_LINE) {
      await reader.cancel();
      throw new Error('the bridge sent a line longer than 4 MB');
    }
  }
  take(buffered + decoder.decode());
}
