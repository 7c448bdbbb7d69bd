import { isErrorResponse, isRequest, isResponse } from '../../shared/jsonRpcShape';
import type { Frame } from '../../shared/wire';

/**
 * Watches one run's traffic for the `server/discover` probe and what came back, so that when
 * `auto` falls back to `initialize` the page can say why in the server's own terms (an error
 * code, a result that is not a modern discover result, silence).
 */
export class ProbeWatch {
  private generation = -1;
  private probeId: unknown;
  private reply: string | undefined;

  reset(generation: number): void {
    this.generation = generation;
    this.probeId = undefined;
    this.reply = undefined;
  }

  see(frame: Frame): void {
    if (frame.generation !== this.generation) return;
    const message = frame.message;
    if (frame.dir === 'toServer' && isRequest(message) && message.method === 'server/discover') {
      this.probeId = message.id;
      return;
    }
    if (frame.dir !== 'fromServer' || this.probeId === undefined) return;
    if (!isResponse(message) || message.id !== this.probeId) return;
    if (isErrorResponse(message)) {
      const { error } = message;
      this.reply = `the server answered server/discover with error ${error.code} (${error.message})`;
    } else {
      this.reply = 'the server answered server/discover, but not with a 2026-07-28 discover result';
    }
  }

  describe(): string {
    if (this.probeId === undefined) return 'no server/discover probe was seen';
    return this.reply ?? 'the server did not answer server/discover in time';
  }
}
