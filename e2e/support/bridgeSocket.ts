import type { Page, WebSocketRoute } from '@playwright/test';

/**
 * The page's WebSocket to the bridge, passed through Playwright so a test can drop it while the
 * bridge runs on (a laptop waking up, a proxy timing out) or have new connections refused.
 *
 * Refused, not left to the network: Chromium throttles a page's failing WebSocket connections
 * (after some 30 failures each waits 1 to 5 s), so reaching the page's retry budget against a
 * closed port takes minutes of real time. A connection refused here closes at once, as a refused
 * one does (code 1006, not clean), and the page's own retry logic is what is tested.
 */
export async function routeBridgeSocket(page: Page) {
  let refusing = false;
  const live = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/ws$/, async (ws) => {
    if (refusing) {
      await ws.close({ code: 1006, reason: '' });
      return;
    }
    const server = ws.connectToServer();
    live.add(ws);
    // Each side's close is passed to the other with its code (the bridge's 4001 "taken over" must
    // reach the page as such); a code a client may not send (1005, 1006) goes on as 1000.
    ws.onClose((code, reason) => {
      live.delete(ws);
      const sendable = code === 1000 || (code !== undefined && code >= 3000 && code <= 4999);
      void server.close({ code: sendable ? code : 1000, reason });
    });
    server.onClose((code, reason) => {
      live.delete(ws);
      void ws.close({ code, reason });
    });
  });
  return {
    /** Drops the page's connections as a network would (code 1006); the bridge sees them close. */
    async drop(): Promise<void> {
      for (const ws of [...live]) await ws.close({ code: 1006, reason: '' });
    },
    /** Whether new connections from the page are refused. */
    refuse(on: boolean): void {
      refusing = on;
    },
  };
}
