/**
 * The first line of a traffic file, written by the page's export and the CLI's `--traffic` alike
 * (and read by the page's import and the mock): what the file is, and the wall-clock time at
 * which the records' `t` is 0, so absolute times survive. Apart from jsonLines.ts so that a
 * writer need not load the wire's schemas.
 */
export interface ExportHeader {
  type: 'mcp-inspect-traffic';
  version: 1;
  /** Wall-clock ms of t = 0, when known. */
  startedAt?: number;
  exportedAt: number;
}

export const EXPORT_TYPE = 'mcp-inspect-traffic';

export function exportHeader(startedAt: number | undefined, exportedAt: number = Date.now()): ExportHeader {
  return { type: EXPORT_TYPE, version: 1, ...(startedAt === undefined ? {} : { startedAt }), exportedAt };
}
