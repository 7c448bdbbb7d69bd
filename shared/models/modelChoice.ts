import type { ModelPreferences } from '@modelcontextprotocol/client';

/**
 * Which model answers a sampling request: the request's `modelPreferences` mapped where the
 * provider allows (MCP's sampling: hints are substrings of a model name, tried in order, advisory;
 * cost, speed and intelligence priorities from 0 to 1 weigh the client's own choice). Hints are
 * matched against the provider's listed models (or, where it lists none, the configured model
 * and the person's candidates); the priorities pick among the person's candidates, each rated by
 * the person, since no provider says how cheap, fast or capable its models are. The choice comes
 * with why, in words; the person can still override it before anything is sent.
 */

/** A model the person offers for sampling, with how cheap, fast and capable it is (each 0 to 1). */
export interface ModelCandidate {
  model: string;
  cost: number;
  speed: number;
  intelligence: number;
}

export interface ModelChoiceInput {
  preferences?: ModelPreferences | undefined;
  /** The model the provider is set to. */
  configured: string;
  /** The provider's models, when it could list them. */
  listed?: readonly string[] | undefined;
  /** Why they could not be listed, when they could not. */
  unlisted?: string | undefined;
  candidates: readonly ModelCandidate[];
}

export interface ModelChoice {
  model: string;
  /** Why this one, sentence by sentence. */
  why: string[];
}

const PRIORITIES = ['cost', 'speed', 'intelligence'] as const;
type Priority = (typeof PRIORITIES)[number];

export function chooseModel(input: ModelChoiceInput): ModelChoice {
  const { preferences, configured, candidates } = input;
  const why: string[] = [];
  const listed = input.listed && input.listed.length > 0 ? input.listed : undefined;
  const pool = listed ?? unique([configured, ...candidates.map((candidate) => candidate.model)]);
  const hinted = (preferences?.hints ?? []).some((hint) => hint.name?.trim());
  if (!listed && hinted)
    why.push(
      input.unlisted
        ? `The provider's models could not be listed (${input.unlisted}): hints are matched against the configured model and your candidates.`
        : 'Hints are matched against the configured model and your candidates.',
    );

  let matching: string[] | undefined;
  for (const hint of preferences?.hints ?? []) {
    const name = hint.name?.trim();
    if (!name) continue;
    const found = pool.filter((model) => model.toLowerCase().includes(name.toLowerCase()));
    if (found.length === 0) {
      why.push(`Hint "${name}" matches none of ${pool.length} model${pool.length === 1 ? '' : 's'}.`);
      continue;
    }
    why.push(`Hint "${name}" matches ${listOf(found)}.`);
    matching = found;
    break;
  }

  const weights = priorityWeights(preferences);
  const rated = candidates.filter(
    (candidate) =>
      (matching ? matching.includes(candidate.model) : true) &&
      (listed ? listed.includes(candidate.model) : true),
  );
  if (weights && rated.length > 0) {
    const scored = rated
      .map((candidate) => ({ candidate, score: scoreOf(candidate, weights) }))
      .sort(
        (a, b) => b.score - a.score || preferConfigured(a.candidate.model, b.candidate.model, configured),
      );
    const best = scored[0]!;
    why.push(
      `By the priorities (${PRIORITIES.filter((p) => weights[p] > 0)
        .map((p) => `${p} ${weights[p]}`)
        .join(', ')}), of your candidates${matching ? ' that match' : ''}: ${scored
        .map(({ candidate, score }) => `${candidate.model} scores ${round(score)}`)
        .join(', ')}.`,
    );
    return { model: best.candidate.model, why };
  }
  if (weights && candidates.length === 0)
    why.push('The priorities are not used: add candidates, each rated for cost, speed and intelligence.');
  if (matching) {
    if (matching.includes(configured)) {
      why.push(`The configured model ${configured} is one of them.`);
      return { model: configured, why };
    }
    why.push(`The first of them as the provider lists them.`);
    return { model: matching[0]!, why };
  }
  why.push(`The configured model ${configured}.`);
  return { model: configured, why };
}

/** The priorities the request gives (each 0 to 1), or undefined when it gives none above 0. */
function priorityWeights(preferences: ModelPreferences | undefined): Record<Priority, number> | undefined {
  if (!preferences) return undefined;
  const weights = {
    cost: clamp(preferences.costPriority),
    speed: clamp(preferences.speedPriority),
    intelligence: clamp(preferences.intelligencePriority),
  };
  return PRIORITIES.some((p) => weights[p] > 0) ? weights : undefined;
}

function scoreOf(candidate: ModelCandidate, weights: Record<Priority, number>): number {
  return PRIORITIES.reduce((sum, p) => sum + weights[p] * candidate[p], 0);
}

function preferConfigured(a: string, b: string, configured: string): number {
  return a === configured ? -1 : b === configured ? 1 : 0;
}

function clamp(value: number | undefined): number {
  return value === undefined || !Number.isFinite(value) ? 0 : Math.min(1, Math.max(0, value));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

function listOf(models: string[]): string {
  const shown = models.slice(0, 5).join(', ');
  return models.length > 5 ? `${shown} and ${models.length - 5} more` : shown;
}

/**
 * The person's candidates as they type them, one a line: `model cost=0.2 speed=0.9
 * intelligence=0.5` (each rating 0 to 1, higher is cheaper, faster, more capable; 0.5 when
 * left out). A line that does not read so is named, not guessed at.
 */
export function parseCandidates(text: string): { candidates: ModelCandidate[]; problems: string[] } {
  const candidates: ModelCandidate[] = [];
  const problems: string[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [model, ...ratings] = line.split(/\s+/);
    const candidate: ModelCandidate = { model: model!, cost: 0.5, speed: 0.5, intelligence: 0.5 };
    for (const rating of ratings) {
      const match = /^(cost|speed|intelligence)=([0-9.]+)$/.exec(rating);
      const value = match ? Number(match[2]) : NaN;
      if (!match || !(value >= 0 && value <= 1)) {
        problems.push(
          `line ${index + 1}: "${rating}" is not cost=, speed= or intelligence= a number from 0 to 1`,
        );
        return;
      }
      candidate[match[1] as Priority] = value;
    }
    candidates.push(candidate);
  });
  return { candidates, problems };
}
