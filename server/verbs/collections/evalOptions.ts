import type { Command } from 'commander';
import { MAX_EVAL_RUNS } from '../../../shared/collections/evalFormat.js';
import { resolveProviderSettings, type ProviderSettings } from '../../models/providerSettings.js';

/** What `eval` runs with, beyond `test`'s options: the model, how many runs, what it may call. */
export interface EvalRequest {
  provider: ProviderSettings;
  /** `--runs`: overrides each eval's own. */
  runs?: number;
  /** `--threshold`: overrides each eval's own. */
  threshold?: number;
  allowDestructive: boolean;
  allowTools: string[];
}

export interface RawEvalOptions {
  provider?: string;
  model?: string;
  baseUrl?: string;
  runs?: string;
  threshold?: string;
  allowDestructive?: boolean;
  allowTool?: string[];
}

/** The model-provider flags every model verb shares (cli.md), and eval's own. */
export function addEvalOptions(
  program: Command,
  collect: (value: string, previous: string[] | undefined) => string[],
): void {
  program
    .option(
      '--provider <openai|anthropic>',
      'the model provider (default: the one whose variables are set: OPENAI_*, else ANTHROPIC_*)',
    )
    .option(
      '--model <name>',
      'the model, as the provider names it (gpt-4.1-mini, claude-sonnet-4-5, llama3.2 on Ollama…)',
    )
    .option(
      '--base-url <url>',
      "the provider's base URL (default OPENAI_BASE_URL / ANTHROPIC_BASE_URL, else the hosted API); any OpenAI-compatible server",
    )
    .option('--runs <k>', `run each eval K times (1 to ${MAX_EVAL_RUNS}; default: the eval's "runs", else 1)`)
    .option(
      '--threshold <share>',
      'the share of runs that must pass, 0 to 1 (default: the eval\'s "threshold", else 1)',
    )
    .option(
      '--allow-destructive',
      'let the model call destructive tools (the ones the page asks about); by default they are refused headless and the model is told',
    )
    .option('--allow-tool <name>', 'let the model call this destructive tool (repeatable)', collect);
}

/** The request, or a usage problem in words. The key is read from the environment here, and kept only in memory. */
export function evalRequest(
  options: RawEvalOptions,
  env: NodeJS.ProcessEnv,
): EvalRequest | { error: string } {
  const provider = resolveProviderSettings(
    { provider: options.provider, model: options.model, baseUrl: options.baseUrl },
    env,
  );
  if ('error' in provider) return provider;
  const request: EvalRequest = {
    provider,
    allowDestructive: options.allowDestructive === true,
    allowTools: options.allowTool ?? [],
  };
  if (options.runs !== undefined) {
    const runs = Number(options.runs);
    if (!Number.isInteger(runs) || runs < 1 || runs > MAX_EVAL_RUNS)
      return { error: `--runs ${options.runs}: expected a whole number from 1 to ${MAX_EVAL_RUNS}` };
    request.runs = runs;
  }
  if (options.threshold !== undefined) {
    const share = Number(options.threshold);
    if (!Number.isFinite(share) || share < 0 || share > 1)
      return {
        error: `--threshold ${options.threshold}: expected a share of runs from 0 to 1 (0.8 for 80%)`,
      };
    request.threshold = share;
  }
  return request;
}
