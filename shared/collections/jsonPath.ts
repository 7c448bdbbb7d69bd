/**
 * A small JSON path, enough to point into a result: `$` is the value itself, `.name` or
 * `["name"]` a property, `[0]` an array item, `[*]` (in ignore lists only) every item or property.
 * The leading `$` may be left out (`structuredContent.id`). No filters or recursion: a path in a
 * committed file should read as exactly one place.
 */
export type PathStep = string | number | '*';

export type ParsedPath = { steps: PathStep[] } | { error: string };

export function parsePath(path: string): ParsedPath {
  let text = path.trim();
  if (text.startsWith('$')) text = text.slice(1);
  else if (text !== '' && !text.startsWith('.') && !text.startsWith('[')) text = `.${text}`;
  const steps: PathStep[] = [];
  let at = 0;
  while (at < text.length) {
    const c = text[at];
    if (c === '.') {
      const match = /^[^.[\]]+/.exec(text.slice(at + 1));
      if (!match) return { error: `"${path}": expected a name after "." at ${at + 1}` };
      steps.push(match[0] === '*' ? '*' : match[0]);
      at += 1 + match[0].length;
    } else if (c === '[') {
      const rest = text.slice(at);
      const index = /^\[\s*(\d+|\*)\s*\]/.exec(rest);
      const quoted = /^\[\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\]/.exec(rest);
      if (index) {
        steps.push(index[1] === '*' ? '*' : Number(index[1]));
        at += index[0].length;
      } else if (quoted) {
        const raw = quoted[1] ?? '""';
        const body = raw.slice(1, -1);
        steps.push(raw.startsWith('"') ? (JSON.parse(raw) as string) : body.replace(/\\(.)/g, '$1'));
        at += quoted[0].length;
      } else {
        return { error: `"${path}": expected [number], [*] or ["name"] at ${at}` };
      }
    } else {
      return { error: `"${path}": unexpected "${c}" at ${at}` };
    }
  }
  return { steps };
}

/** The path as written canonically: `$.a[0]["b c"]`. */
export function formatPath(steps: readonly PathStep[]): string {
  return steps.reduce<string>((path, step) => {
    if (typeof step === 'number') return `${path}[${step}]`;
    if (step === '*') return `${path}[*]`;
    return /^[A-Za-z_$][\w$-]*$/.test(step) ? `${path}.${step}` : `${path}[${JSON.stringify(step)}]`;
  }, '$');
}

export type Lookup = { found: true; value: unknown } | { found: false; missing: string };

/** The value at `steps` in `root`, or where the path stopped. Wildcards are not looked up here. */
export function lookup(root: unknown, steps: readonly PathStep[]): Lookup {
  let value = root;
  for (let i = 0; i < steps.length; i += 1) {
    const step = steps[i] as PathStep;
    const where = formatPath(steps.slice(0, i));
    if (step === '*') return { found: false, missing: `${where}: [*] picks no single value` };
    if (typeof step === 'number') {
      if (!Array.isArray(value)) return { found: false, missing: `${where} is not an array` };
      if (step >= value.length)
        return { found: false, missing: `${where} has ${value.length} item(s), no [${step}]` };
      value = value[step];
    } else {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return { found: false, missing: `${where} is not an object` };
      if (!Object.prototype.hasOwnProperty.call(value, step))
        return { found: false, missing: `${formatPath(steps.slice(0, i + 1))} does not exist` };
      value = (value as Record<string, unknown>)[step];
    }
  }
  return { found: true, value };
}

/** A copy of `root` without what `paths` point at (wildcards expand); paths that miss are fine. */
export function withoutPaths(root: unknown, paths: readonly (readonly PathStep[])[]): unknown {
  let copy = structuredCloneJson(root);
  for (const steps of paths) copy = removeAt(copy, steps);
  return copy;
}

function removeAt(value: unknown, steps: readonly PathStep[]): unknown {
  if (steps.length === 0) return undefined;
  const [step, ...rest] = steps;
  if (Array.isArray(value)) {
    if (step === '*') {
      if (rest.length === 0) return [];
      return value.map((item) => removeAt(item, rest));
    }
    if (typeof step !== 'number' || step >= value.length) return value;
    if (rest.length === 0) return value.filter((_, i) => i !== step);
    return value.map((item, i) => (i === step ? removeAt(item, rest) : item));
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = step === '*' ? Object.keys(object) : typeof step === 'string' ? [step] : [];
    const out: Record<string, unknown> = { ...object };
    for (const key of keys) {
      if (!(key in out)) continue;
      if (rest.length === 0) delete out[key];
      else out[key] = removeAt(out[key], rest);
    }
    return out;
  }
  return value;
}

/** A JSON value's deep copy (results come from JSON, so this loses nothing). */
export function structuredCloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
