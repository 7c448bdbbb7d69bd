/**
 * What the sandbox page says to the inspector's page besides relaying the app's messages. The
 * spec reserves `ui/notifications/sandbox-*` for the proxy handshake; these reports are the
 * inspector's own, so they carry its own method name, and the page takes them out before the
 * host bridge sees them. An app can send one too, or rewrite the sandbox page that sends them
 * (it shares the sandbox's origin): so the page shows them as the app's, in the app's log, and
 * never in its own voice.
 */
export const SANDBOX_REPORT_METHOD = 'mcp-inspect/sandbox-report';
