/**
 * A unified diff of two texts, line by line, as `diff -u` and git print it: `---`/`+++` headers,
 * `@@ -a,b +c,d @@` hunks with three lines of context. The lines the texts share at both ends are
 * set aside first, so a config of thousands of lines with one entry changed costs little.
 */
export function unifiedDiff(
  before: string,
  after: string,
  fromName: string,
  toName: string,
  context = 3,
): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const ops: Op[] = [
    ...a.slice(0, start).map((line): Op => ({ kind: ' ', line })),
    ...middle(a.slice(start, endA), b.slice(start, endB)),
    ...a.slice(endA).map((line): Op => ({ kind: ' ', line })),
  ];
  return [`--- ${fromName}`, `+++ ${toName}`, ...hunks(ops, context)].join('\n') + '\n';
}

interface Op {
  kind: ' ' | '-' | '+';
  line: string;
}

/** Lines without their ends; a last line without one is marked as diff marks it. */
function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

/** The longest common subsequence of the changed middle, as removals, additions and kept lines. */
function middle(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const table = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number): number => table[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * (m + 1) + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i++] as string });
      j++;
    } else if (i < n && (j === m || at(i + 1, j) >= at(i, j + 1))) {
      // Removals before additions within a run of changes, as diff prints them.
      ops.push({ kind: '-', line: a[i++] as string });
    } else {
      ops.push({ kind: '+', line: b[j++] as string });
    }
  }
  return ops;
}

function hunks(ops: Op[], context: number): string[] {
  const changed = ops.map((op, index) => (op.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  const out: string[] = [];
  let k = 0;
  while (k < changed.length) {
    const first = changed[k] as number;
    let last = first;
    while (k + 1 < changed.length && (changed[k + 1] as number) - last <= 2 * context)
      last = changed[++k] as number;
    k += 1;
    const from = Math.max(0, first - context);
    const to = Math.min(ops.length, last + context + 1);
    let lineA = 1;
    let lineB = 1;
    for (const op of ops.slice(0, from)) {
      if (op.kind !== '+') lineA += 1;
      if (op.kind !== '-') lineB += 1;
    }
    const slice = ops.slice(from, to);
    const countA = slice.filter((op) => op.kind !== '+').length;
    const countB = slice.filter((op) => op.kind !== '-').length;
    out.push(
      `@@ -${countA === 0 ? lineA - 1 : lineA},${countA} +${countB === 0 ? lineB - 1 : lineB},${countB} @@`,
    );
    for (const op of slice) out.push(`${op.kind}${op.line}`);
  }
  return out;
}
