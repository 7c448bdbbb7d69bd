// The report's method name lives in shared/: the traffic model (shared/core/traffic) knows it too.
export { SANDBOX_REPORT_METHOD } from '../../shared/sandboxReport';

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
