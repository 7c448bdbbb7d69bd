/**
 * What the sandbox page says to the inspector's page besides relaying the app's messages. The
 * spec reserves `ui/notifications/sandbox-*` for the proxy handshake; these reports are the
 * inspector's own, so they carry its own method name, and the page takes them out before the
 * host bridge sees them. An app can send one too, or rewrite the sandbox page that sends them
 * (it shares the sandbox's origin): so the page shows them as the app's, in the app's log, and
 * never in its own voice.
 */
export const SANDBOX_REPORT_METHOD = 'mcp-inspect/sandbox-report';

export type SandboxReportKind =
  /** An exception nothing in the app caught. */
  | 'error'
  /** A rejected promise nothing in the app handled. */
  | 'unhandledrejection'
  /** Something the app's Content-Security-Policy blocked. */
  | 'csp'
  /** The sandbox cannot run: it was loaded outside an iframe, or shares the inspector's origin. */
  | 'refused'
  /** The proxy dropped messages of the app's past its budget (messageBudget.ts). */
  | 'limit';

export interface SandboxReport {
  kind: SandboxReportKind;
  /** In words meant for the person. */
  message: string;
  /** Where: a script URL with line and column, or the blocked URL and directive. */
  where?: string;
  /** A stack trace, when the app's error had one. */
  stack?: string;
}
