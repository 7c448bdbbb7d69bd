/**
 * The first `limit` bytes of a response body as text, for showing or judging an answer: the
 * rest is not read (the stream is cancelled), so a server that streams without end or sends
 * megabytes costs no more than `limit`. A body cut off mid-answer gives what came, since the
 * part that arrived is what the person needs to see.
 */
export async function readBodyCapped(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // Cut off mid-answer: what came is kept.
  } finally {
    // Not awaited: cancelling one branch of a cloned (teed) body settles only once the other
    // branch is cancelled too, and the other one is still to be read by its owner.
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8', 0, Math.min(size, limit));
}
