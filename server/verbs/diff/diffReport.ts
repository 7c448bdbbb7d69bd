import type { SurfaceChange } from '../../../shared/surfaceDiff/changes.js';

/** Values longer than this are cut in the readable report (--json has them whole). */
const VALUE_WIDTH = 100;

/** `diff`'s readable report: a count, then the breaking changes, then the compatible ones. */
export function diffReportLines(from: string, to: string, changes: readonly SurfaceChange[]): string[] {
  const breaking = changes.filter((change) => change.kind === 'breaking');
  const compatible = changes.filter((change) => change.kind === 'compatible');
  const lines = [
    changes.length === 0
      ? `${from} → ${to}: no changes`
      : `${from} → ${to}: ${breaking.length} breaking, ${compatible.length} compatible`,
  ];
  const group = (title: string, items: readonly SurfaceChange[]) => {
    if (items.length === 0) return;
    lines.push('', title);
    for (const change of items) {
      lines.push(`  ${change.what}`, `    at ${change.path}`);
      if ('before' in change) lines.push(`    before: ${short(change.before)}`);
      if ('after' in change) lines.push(`    after:  ${short(change.after)}`);
    }
  };
  group('Breaking (clients written against the old side may fail):', breaking);
  group('Compatible:', compatible);
  return lines;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > VALUE_WIDTH ? `${text.slice(0, VALUE_WIDTH - 1)}…` : text;
}
