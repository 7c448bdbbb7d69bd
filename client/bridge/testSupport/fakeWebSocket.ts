/**
 * A WebSocket double the test plays the network and the bridge for. Both ways of listening, as a
 * browser's has: added listeners first, then the `on…` handler (the order a browser keeps when
 * the handler was set after them).
 */
export class FakeWebSocket extends EventTarget {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: Event & { code: number; reason: string }) => void) | null = null;
  /** What the code under test sent, parsed. */
  readonly sent: unknown[] = [];

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    const event = new Event('open');
    this.dispatchEvent(event);
    this.onopen?.(event);
  }
  /** A message from the bridge: text as it is, anything else as its JSON. */
  receive(value: unknown): void {
    const event = new MessageEvent('message', {
      data: typeof value === 'string' ? value : JSON.stringify(value),
    });
    this.dispatchEvent(event);
    this.onmessage?.(event);
  }
  /** The connection ends with this close code and reason (1006: dropped without a close frame). */
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    const event = Object.assign(new Event('close'), { code, reason });
    this.dispatchEvent(event);
    this.onclose?.(event);
  }
}
