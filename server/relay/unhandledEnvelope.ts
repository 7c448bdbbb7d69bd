/**
 * Words for the page when handling one of its envelopes threw: whatever it sent, it gets an
 * answer, never silence. Walking JSON recursively (zod's checks, `JSON.stringify`) overflows
 * the stack on a message nested some thousands deep; that says something about the message,
 * not about the bridge, which goes on serving.
 */
export function unhandledEnvelopeReason(error: unknown): string {
  if (error instanceof RangeError) {
    return `The envelope nests too deeply for the bridge to handle (${error.message})`;
  }
  return `The bridge could not handle this envelope: ${error instanceof Error ? error.message : String(error)}`;
}
