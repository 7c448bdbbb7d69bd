import { parseTree, type Node } from 'jsonc-parser';
import { isSecretParamName, maskUrl, URL_SECRET_MASK } from '../../shared/urlSecrets.js';

/**
 * A config file's text as wrap and unwrap may show it (a --dry-run diff, a message): the values
 * of every `env` and `headers` map masked, as the project masks env values and headers, and so are
 * properties whose name says secret (`apiKey`, `token`, `password`… ~/.claude.json holds such),
 * arguments that follow a secret-named flag (`--api-key X`, `--token=X`), and the secrets of URLs
 * (user info, `?api_key=`). A reference to a value kept elsewhere (`${input:…}`, `${env:…}`,
 * `${VAR}`) is not a secret and is shown. The file itself is never changed by this.
 */
export function maskConfigText(text: string): string {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (root === undefined) return text;
  const edits: { offset: number; length: number; content: string }[] = [];
  const mask = (node: Node, content: string): void => {
    edits.push({ offset: node.offset, length: node.length, content: JSON.stringify(content) });
  };
  const visit = (node: Node, secretValues: boolean): void => {
    if (node.type === 'string') {
      const value = node.value as string;
      if (isReference(value) || value === '') return;
      if (secretValues) mask(node, URL_SECRET_MASK);
      else if (maskUrl(value) !== value) mask(node, maskUrl(value));
      return;
    }
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (value === undefined) continue;
        const name = String(key?.value ?? '');
        visit(value, secretValues || name === 'env' || name === 'headers' || isSecretParamName(name));
      }
      return;
    }
    if (node.type === 'array') {
      let flagSaysSecret = false;
      for (const item of node.children ?? []) {
        if (item.type === 'string' && !secretValues) {
          const word = item.value as string;
          const flag = /^--?([A-Za-z][\w-]*)(=(.*))?$/.exec(word);
          if (flagSaysSecret && !isReference(word)) mask(item, URL_SECRET_MASK);
          else if (flag?.[3] !== undefined && isSecretParamName(flag[1] ?? '') && !isReference(flag[3]))
            mask(item, `${word.slice(0, word.length - flag[3].length)}${URL_SECRET_MASK}`);
          else visit(item, false);
          flagSaysSecret = flag !== null && flag[3] === undefined && isSecretParamName(flag[1] ?? '');
          continue;
        }
        visit(item, secretValues);
        flagSaysSecret = false;
      }
    }
  };
  visit(root, false);
  edits.sort((a, b) => b.offset - a.offset);
  let masked = text;
  for (const edit of edits)
    masked = masked.slice(0, edit.offset) + edit.content + masked.slice(edit.offset + edit.length);
  return masked;
}

/** `${input:x}`, `${env:X}`, `${X}`: where the host takes the value from, not the value. */
function isReference(value: string): boolean {
  return /^\$\{[^}]+\}$/.test(value.trim());
}

/** One word of a command line, masked as maskConfigText masks the arguments and URLs it shows. */
export function maskWords(words: readonly string[]): string[] {
  const masked = maskConfigText(JSON.stringify(words));
  return JSON.parse(masked) as string[];
}
