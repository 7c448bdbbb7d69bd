import type { ProviderKind } from '../../shared/models/toolTranslation.js';
import { maskUrl } from '../../shared/urlSecrets.js';
import type { ModelProvider } from './modelProvider.js';

/** Everything a provider is made with; `apiKey` never leaves the bridge (see describeSettings). */
export interface ProviderSettings {
  kind: ProviderKind;
  model: string;
  baseUrl: string;
  apiKey?: string | undefined;
  /** The official clients' retries of a 408, 409, 429 or 5xx: bounded, then said. */
  maxRetries: number;
  timeoutMs: number;
}

/** What may be shown of the settings: everything but the key, of which only whether it is set. */
export interface ProviderDescription {
  kind: ProviderKind;
  model: string;
  baseUrl: string;
  keySet: boolean;
}

/** What the command line (or the page) asks for; the rest comes from the clients' own variables. */
export interface ProviderChoice {
  provider?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
}

export const DEFAULT_BASE_URLS: Record<ProviderKind, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * The provider's settings from flags over the official clients' environment variables
 * (OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL). The provider is the
 * flag's, else the one whose variables are set (OpenAI's when both are). A problem in words.
 */
export function resolveProviderSettings(
  choice: ProviderChoice,
  env: NodeJS.ProcessEnv,
): ProviderSettings | { error: string } {
  const named = choice.provider;
  if (named !== undefined && named !== 'openai' && named !== 'anthropic')
    return { error: `--provider ${named}: expected openai (any OpenAI-compatible endpoint) or anthropic` };
  const kind: ProviderKind | undefined =
    named ??
    (env.OPENAI_API_KEY || env.OPENAI_BASE_URL
      ? 'openai'
      : env.ANTHROPIC_API_KEY || env.ANTHROPIC_BASE_URL
        ? 'anthropic'
        : undefined);
  if (kind === undefined)
    return {
      error:
        'no model provider: set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama) or ANTHROPIC_API_KEY, or give --provider and --base-url',
    };
  const prefix = kind === 'openai' ? 'OPENAI' : 'ANTHROPIC';
  const baseUrl = choice.baseUrl ?? (env[`${prefix}_BASE_URL`] || DEFAULT_BASE_URLS[kind]);
  const checked = checkBaseUrl(baseUrl);
  if (checked) return { error: checked };
  const apiKey = env[`${prefix}_API_KEY`] || undefined;
  const isDefault = baseUrl.replace(/\/+$/, '') === DEFAULT_BASE_URLS[kind];
  if (apiKey === undefined && isDefault)
    return {
      error: `${prefix}_API_KEY is not set: ${kind === 'openai' ? 'OpenAI' : 'Anthropic'} needs a key`,
    };
  if (!choice.model)
    return {
      error: `no model: give --model (e.g. ${kind === 'openai' ? 'gpt-4.1-mini, or llama3.2 on Ollama' : 'claude-sonnet-4-5'})`,
    };
  return {
    kind,
    model: choice.model,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    ...(apiKey === undefined ? {} : { apiKey }),
    maxRetries: DEFAULT_MAX_RETRIES,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
}

/** Only http(s), and with no user info or query secret in it: the key goes in a header, nowhere else. */
function checkBaseUrl(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `the base URL ${JSON.stringify(baseUrl)} is not a URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `the base URL ${maskUrl(baseUrl)} is not http(s)`;
  if (url.username !== '' || url.password !== '')
    return `the base URL ${maskUrl(baseUrl)} has credentials in it: give the key in the provider's variable instead`;
  return undefined;
}

export function describeSettings(settings: ProviderSettings): ProviderDescription {
  return {
    kind: settings.kind,
    model: settings.model,
    baseUrl: maskUrl(settings.baseUrl),
    keySet: settings.apiKey !== undefined,
  };
}

/**
 * The provider, its official client loaded on first use: the two clients are a megabyte of
 * bundled code that every start of the bridge would otherwise parse, most of which never talk
 * to a model.
 */
export async function makeProvider(settings: ProviderSettings): Promise<ModelProvider> {
  if (settings.kind === 'openai') return (await import('./openaiProvider.js')).openaiProvider(settings);
  return (await import('./anthropicProvider.js')).anthropicProvider(settings);
}
