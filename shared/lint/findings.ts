import type { Surface } from '../core/surface.js';
import type { HostProfile } from './hosts/profiles.js';

/** How much a finding matters: an error fails `mcp-inspect lint` (exit 6); the others inform. */
export type Severity = 'error' | 'warning' | 'hint';

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'hint'];

/**
 * The rule families, one file each: the spec, schema portability, design practice, behaviour
 * probes, and what a host would see (`lint --host`).
 */
export type RuleFamily = 'spec' | 'portability' | 'design' | 'probe' | 'host';

/** One problem found in a server's surface or behaviour. */
export interface Finding {
  ruleId: string;
  severity: Severity;
  /** Where, as a JSON path into the surface: `tools[3].inputSchema.properties.q`. */
  path: string;
  /** The tool, prompt or resource it is about (its name, or a resource's URI), when it is about one. */
  subject?: string;
  /** Which list the subject is in, so a shell can show its definition. */
  subjectKind?: 'tool' | 'prompt' | 'resource' | 'resourceTemplate' | 'server';
  /** What is wrong, for this item. */
  message: string;
  /** Why it matters. */
  why: string;
  /** How to fix it. */
  fix: string;
  /** The spec section or the practice behind the rule (a URL). */
  reference: string;
}

/** A rule as `mcp-inspect lint --rules`, SARIF's `tool.driver.rules` and the page describe it. */
export interface RuleInfo {
  id: string;
  family: RuleFamily;
  /** The severity it has unless the person's config says otherwise. */
  severity: Severity;
  /** One line: what the rule checks. */
  title: string;
  why: string;
  fix: string;
  reference: string;
}

/** One page of a paginated list as it came, for the pagination rule. */
export interface PageSeen {
  /** The cursor the page was asked for with (absent for the first). */
  cursor?: string;
  nextCursor?: string;
  /** The names (resources: the URIs) of its items, in order. */
  keys: string[];
}

/** A tool result seen (by a probe, a call in the page), for the structured-content rules. */
export interface ResultSeen {
  tool: string;
  result: {
    isError?: boolean;
    structuredContent?: unknown;
    content?: unknown;
  };
}

export type ProbeKind = 'unknown-tool' | 'invalid-arguments' | 'oversized-argument' | 'ping';

/**
 * How the server took one probe: a JSON-RPC error or a result with `isError` (what a probe hopes
 * for), a plain result, no answer in time, or the connection lost (the server crashed).
 */
export type ProbeAnswer = 'rpc-error' | 'is-error' | 'result' | 'timeout' | 'crash';

export interface ProbeOutcome {
  probe: ProbeKind;
  /** The tool it was sent to (absent for ping and the unknown tool). */
  tool?: string;
  answer: ProbeAnswer;
  /** The error's message, or what came back, shortened. */
  detail?: string;
}

/** What was seen of the server beyond its lists, each optional: a rule without its input is silent. */
export interface LintObservations {
  /** Every page of each list, as it came (the lint verb reads the lists page by page). */
  pages?: Partial<Record<'tools' | 'resources' | 'resourceTemplates' | 'prompts', PageSeen[]>>;
  results?: ResultSeen[];
  /** The methods of the notifications the server sent. */
  notifications?: string[];
  probes?: ProbeOutcome[];
}

export interface LintInput {
  surface: Surface;
  observations?: LintObservations;
  /** `lint --host NAME`: the host whose published limits the host rules hold the tools to. */
  host?: { profile: HostProfile };
}

/** What a rule says of one item; the engine adds the severity and the rule's why, fix and reference. */
export interface RawFinding {
  path: string;
  subject?: string;
  subjectKind?: Finding['subjectKind'];
  message: string;
  /** Overrides the rule's own, when this item needs saying differently. */
  why?: string;
  fix?: string;
}

/** A rule: what it is, and its check. Checks are pure: the surface and observations in, findings out. */
export interface Rule extends RuleInfo {
  check(input: LintInput): RawFinding[];
}
