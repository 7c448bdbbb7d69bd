import { isSecretArgumentName } from '../../shared/collections/secretNames.js';
import { HEADER_SECRET_MASK } from '../../shared/urlSecrets.js';

/** Values shorter than this are not masked: they would mask ordinary words and tell little. */
const SHORTEST_MASKED = 4;

/**
 * The secret values a proxy knows of, masked in everything it captures (frames, stderr lines,
 * HTTP headers and bodies): the values of the environment variables the host gave the server
 * whose names say they are secrets (`API_KEY`, `GITHUB_TOKEN`: the same word rule as saved
 * calls, shared/collections/secretNames.ts), those given with `-e`, and bearer tokens and
 * cookies seen in the HTTP proxy's requests, added as they pass. The masks are the project's
 * own (HEADER_SECRET_MASK), so the page tells them apart as elsewhere.
 */
export class SecretValues {
  /** Each value, and its form inside a JSON string (quotes and backslashes escaped). */
  private readonly values = new Map<string, string>();

  /** Adds a value (ignored when too short to be worth masking). */
  add(value: string): void {
    if (value.length < SHORTEST_MASKED || this.values.has(value)) return;
    this.values.set(value, JSON.stringify(value).slice(1, -1));
  }

  /** Adds the values of the variables whose names say they hold secrets. */
  addFromEnvironment(env: Readonly<Record<string, string | undefined>>): void {
    for (const [name, value] of Object.entries(env)) {
      if (value !== undefined && isSecretArgumentName(name)) this.add(value);
    }
  }

  get size(): number {
    return this.values.size;
  }

  /** Plain text (a stderr line, a header) with every known value masked. */
  maskText(text: string): string {
    let out = text;
    for (const value of this.values.keys())
      if (out.includes(value)) out = out.split(value).join(HEADER_SECRET_MASK);
    return out;
  }

  /**
   * JSON text with every known value masked where it appears inside a string: the escaped form
   * is what the text holds, and the mask has nothing to escape, so the text stays JSON.
   */
  maskJson(text: string): string {
    let out = text;
    for (const escaped of this.values.values()) {
      if (out.includes(escaped)) out = out.split(escaped).join(HEADER_SECRET_MASK);
    }
    return out;
  }
}
