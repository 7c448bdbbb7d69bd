import { proseOf } from './prose.js';

/**
 * Text addressed to the model, in two kinds. Poisoning (an error): what no honest description
 * says, because it acts against the person: ignore your instructions, call me first, hand over
 * the conversation or a secret, keep this from the person. Steering (a warning): a description
 * that reaches past its tool into how the model reasons or behaves everywhere else.
 *
 * Both read the prose only (code, quoted examples and markup set aside), so that a reference
 * that says "Always use the expanded form:" before an XML sample is not taken for either.
 */

export interface DirectiveFound {
  /** What the text tells the model, said as the finding's message says it. */
  what: string;
  /** The words that say it, as written. */
  quote: string;
}

interface Pattern {
  what: string;
  pattern: RegExp;
}

const PERSON = String.raw`(?:the\s+)?(?:user|person|human|operator)s?`;

const POISONING: readonly Pattern[] = [
  {
    what: 'to ignore its other instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier|other|preceding|system|existing|original)\s+(?:instructions?|prompts?|rules|guidelines|directions|directives)\b/i,
  },
  {
    what: 'to call this tool before any other',
    pattern:
      /\balways\s+(?:call|use|invoke|run)\s+this\s+(?:tool|function)\b|\b(?:call|use|invoke|run)\s+this\s+(?:tool|function)\s+(?:first|before\s+(?:any|every|all))\b|\bbefore\s+(?:using|calling|invoking|running)\s+any\s+other\s+tools?\b|\bmust\s+(?:always\s+)?be\s+(?:called|used|invoked)\s+(?:first|before\s+(?:any|every|all))\b/i,
  },
  {
    what: 'to hand over the conversation',
    pattern:
      /\b(?:pass|send|include|provide|forward|upload|attach|copy|give|put|add)\b[^.\n]{0,40}?\b(?:whole|entire|full|complete|previous|prior|current|all\s+(?:of\s+)?the)\s+(?:conversation|chat(?:\s+history)?|message\s+history|messages|transcript|context\s+window)\b|\b(?:pass|send|include|provide|forward|reveal|give)\b[^.\n]{0,30}?\b(?:your|the)\s+system\s+prompt\b/i,
  },
  {
    what: 'to read or send a secret',
    pattern:
      /\b(?:read|send|include|pass|upload|forward|cat|contents?\s+of)\b[^.\n]{0,40}?(?:~\/|\.ssh\b|id_rsa|id_ed25519|\.env\b|mcp\.json|\.aws\/credentials|private\s+keys?\b|api\s+keys?\b)/i,
  },
  {
    what: 'to hide something from the person',
    pattern: new RegExp(
      String.raw`\b(?:do\s+not|don't|never|must\s+not)\s+(?:tell|inform|mention|show|reveal|disclose|notify|alert)\b[^.\n]{0,30}?\b${PERSON}\b|\bwithout\s+(?:telling|informing|notifying|asking|alerting)\s+${PERSON}\b|\b(?:hide|conceal|keep)\b[^.\n]{0,40}?\bfrom\s+${PERSON}\b|\b${PERSON}\s+(?:must|should)\s+not\s+(?:know|see|be\s+told)\b`,
      'i',
    ),
  },
];

/** The tag that poisoning payloads wrap their orders in; looked for in the raw text (it is markup). */
const IMPORTANT_TAG = /<\/?important>/i;

const STEERING: readonly Pattern[] = [
  {
    what: 'how to reason',
    pattern:
      /\bin\s+your\s+(?:reasoning|thinking|chain[\s-]of[\s-]thought|thoughts|scratchpad)\b|\byour\s+(?:reasoning|chain[\s-]of[\s-]thought)\s+(?:must|should)\b|\b(?:do\s+not|don't|never)\s+(?:think|reason|deliberate|narrate|debate)\b/i,
  },
  {
    what: 'how to behave beyond this tool',
    pattern: /\byou\s+(?:must|should)\s+(?:always|never)\b(?![^.\n]{0,60}\bthis\s+tool\b)/i,
  },
];

/** Each kind of directive the text holds, once, with the first words that say it. */
function matches(text: string, patterns: readonly Pattern[]): DirectiveFound[] {
  const prose = proseOf(text);
  return patterns.flatMap(({ what, pattern }) => {
    const match = prose.match(pattern);
    return match ? [{ what, quote: match[0].replace(/\s+/g, ' ').trim() }] : [];
  });
}

/** Tool poisoning in a text the model reads: every kind it holds, in the text's order of kinds. */
export function poisoningIn(text: string): DirectiveFound[] {
  const tag = text.match(IMPORTANT_TAG);
  return [
    ...(tag ? [{ what: 'to follow orders wrapped in an <IMPORTANT> tag', quote: tag[0] }] : []),
    ...matches(text, POISONING),
  ];
}

/** Text that steers the model's reasoning or behaviour beyond the tool. */
export function steeringIn(text: string): DirectiveFound[] {
  return matches(text, STEERING);
}

/** "tells it to X ("…"), and to Y ("…")": every kind said, each with its words. */
export function describeDirectives(found: readonly DirectiveFound[]): string {
  return `text addressed to the model tells it ${found.map(({ what, quote }) => `${what} ("${quote}")`).join(', and ')}`;
}
