/**
 * Descriptions read as text a person wrote, not as bags of words: code and quoted examples are
 * set aside (an XML sample that says "always use" is not advice to the model), words are matched
 * whole, a verb counts only where it stands as a verb ("computes the edit distance" edits
 * nothing), and a negated verb ("does not modify") says the opposite of what it names.
 */

/** The text with code, quoted examples, markup tags and emphasis marks replaced by a gap. */
export function proseOf(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, ' … ')
    .replace(/`[^`\n]*`/g, ' … ')
    .replace(/<\/?[A-Za-z][^<>\n]{0,200}>/g, ' … ')
    .replace(/"[^"\n]{0,200}"|“[^”\n]{0,200}”|‘[^’\n]{0,200}’/g, ' … ')
    .replace(/(^|[\s(])'[^'\n]{1,200}'(?=[\s).,;:!?]|$)/g, '$1 … ')
    .replace(/\*\*|__/g, '')
    .replace(/[ \t]+/g, ' ');
}

/** Sentences and list items, each on its own (a colon or a line break ends one too). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?:;])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Lower-case words, in order, commas kept (a comma starts a clause). */
function wordsOf(sentence: string): string[] {
  return sentence.toLowerCase().match(/[\p{L}\p{N}']+|,/gu) ?? [];
}

/** Words after which a verb form is a noun: "the edit", "an update", "recent posts". */
const BEFORE_A_NOUN = new Set([
  'the',
  'a',
  'an',
  'this',
  'these',
  'those',
  'each',
  'every',
  'its',
  'their',
  'your',
  'our',
  'his',
  'her',
  'any',
  'no',
  'of',
  'for',
  'with',
  'recent',
  'pending',
  'latest',
  'new',
  'all',
  'some',
  'many',
  'data',
  'levenshtein',
]);
/** Nouns that make the verb before them a compound noun: "edit distance", "write access". */
const COMPOUND_NOUNS = new Set([
  'distance',
  'distances',
  'history',
  'log',
  'logs',
  'count',
  'counts',
  'mode',
  'access',
  'permission',
  'permissions',
  'time',
  'timestamp',
  'date',
  'status',
  'rate',
  'size',
  'script',
  'scripts',
  'operations',
  'ratio',
  'score',
]);
/** Words that, shortly before a verb, turn it into its opposite. */
const NEGATIONS = new Set(['not', "n't", 'never', 'no', 'without', 'nothing', 'neither', 'nor', 'cannot']);
/**
 * Where the tool's own verb stands: after these, a verb form is what the tool does ("used to
 * delete", "reads X and deletes Y", "this tool overwrites"); elsewhere it is another subject's
 * ("if the file stores that page compressed").
 */
const BEFORE_A_VERB = new Set([
  'to',
  'can',
  'will',
  'may',
  'must',
  'and',
  'or',
  'then',
  'also',
  'that',
  'which',
  'it',
  'tool',
  'function',
  'server',
  ',',
]);

export interface VerbForms {
  /** The base form ("delete"), used where it stands as an imperative or after "to". */
  base: string;
  /** The third person ("deletes"), a verb unless a determiner stands before it. */
  third: string;
}

export function formsOf(base: string): VerbForms {
  const third = /(s|x|z|ch|sh)$/.test(base)
    ? `${base}es`
    : /[^aeiou]y$/.test(base)
      ? `${base.slice(0, -1)}ies`
      : `${base}s`;
  return { base, third };
}

/**
 * The first of `verbs` that the sentence says as the tool's verb, not negated, or undefined: at
 * the start of the sentence ("Deletes the file", "Delete the file") or of a clause ("to", "can",
 * "and", a comma…), never after a determiner ("returns the updates") nor before a compound noun
 * ("the edit distance").
 */
export function verbSaid(sentence: string, verbs: readonly VerbForms[]): string | undefined {
  const words = wordsOf(sentence);
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    const verb = verbs.find((forms) => forms.base === word || forms.third === word);
    if (!verb) continue;
    const before = words[i - 1];
    const after = words[i + 1];
    if (after !== undefined && COMPOUND_NOUNS.has(after)) continue;
    if (before !== undefined && BEFORE_A_NOUN.has(before)) continue;
    const asVerb = i === 0 || (before !== undefined && BEFORE_A_VERB.has(before));
    if (!asVerb) continue;
    if (words.slice(Math.max(0, i - 4), i).some((w) => NEGATIONS.has(w) || w.endsWith("n't"))) continue;
    return word;
  }
  return undefined;
}

/**
 * The first of `verbs` a tool's name says: one of its words in the base form, as names give
 * their verb (delete_file, git_reset, add_observations; get_user, getUser and get-user alike),
 * unless a compound noun follows it (`edit_distance`). A third-person form in a name is a noun:
 * toggle-subscriber-updates toggles, it does not update.
 */
export function verbInName(nameWords: readonly string[], verbs: readonly VerbForms[]): string | undefined {
  return nameWords.find(
    (word, i) => verbs.some((forms) => forms.base === word) && !COMPOUND_NOUNS.has(nameWords[i + 1] ?? ''),
  );
}
