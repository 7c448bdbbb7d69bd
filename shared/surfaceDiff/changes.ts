/**
 * One change between two surfaces, as the CLI prints it and the page highlights it. `breaking`: a
 * client written against the old surface may fail against the new one; `compatible`: it keeps
 * working.
 */
export interface SurfaceChange {
  kind: 'breaking' | 'compatible';
  /**
   * Where, as a JSON path into the surface. Items of a list are addressed by their name (a
   * resource by its URI, a template by its URI template), not their index, so a path stays true
   * when other items come and go: `$.tools["echo"].inputSchema.properties.message.type`.
   */
  path: string;
  /** What changed, in a short sentence. */
  what: string;
  /** The value before, absent for an addition. */
  before?: unknown;
  /** The value after, absent for a removal. */
  after?: unknown;
}

/** Collects changes as the comparison walks both sides. */
export class ChangeList {
  readonly changes: SurfaceChange[] = [];

  breaking(path: string, what: string, before: unknown, after: unknown): void {
    this.add('breaking', path, what, before, after);
  }

  compatible(path: string, what: string, before: unknown, after: unknown): void {
    this.add('compatible', path, what, before, after);
  }

  add(kind: SurfaceChange['kind'], path: string, what: string, before: unknown, after: unknown): void {
    this.changes.push({
      kind,
      path,
      what,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
    });
  }
}

/** A key appended to a JSON path: `.name` when it reads as one, `["…"]` otherwise. */
export function pathKey(path: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** An item of a list, by its name (or URI). */
export function pathItem(path: string, name: string): string {
  return `${path}[${JSON.stringify(name)}]`;
}

/** Structural equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => sameJson(left[key], right[key]));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
