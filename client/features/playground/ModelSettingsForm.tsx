import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderKind } from '../../../shared/models/toolTranslation';
import { putModelSettings, type ModelSettingsInput, type ModelState } from './modelBridge';
import { modelStateQueryOptions } from './modelStateQuery';

const KEY_VARIABLES: Record<ProviderKind, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
};
const DEFAULT_BASES: Record<ProviderKind, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

/**
 * The person's own provider, held by the bridge. The key is typed once and sent once (PUT); the
 * field is emptied after and the page never has it again: the bridge says only that one is held.
 * Nothing of it goes to the page's storage.
 */
export function ModelSettingsForm() {
  const state = useQuery(modelStateQueryOptions);
  if (state.isPending) return <p className="muted">Asking the bridge for its model…</p>;
  const held = state.data?.settings ?? null;
  // The form starts from what the bridge holds (set by an earlier visit, or by its environment).
  return <SettingsFields key={JSON.stringify(held)} state={state.data} error={state.error} />;
}

function SettingsFields({ state, error }: { state: ModelState | undefined; error: Error | null }) {
  const queryClient = useQueryClient();
  const held = state?.settings ?? null;
  const [provider, setProvider] = useState<ProviderKind>(held?.kind ?? 'openai');
  const [model, setModel] = useState(held?.model ?? '');
  const [baseUrl, setBaseUrl] = useState(
    held && held.baseUrl !== DEFAULT_BASES[held.kind] ? held.baseUrl : '',
  );
  const [apiKey, setApiKey] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async (input: ModelSettingsInput): Promise<void> => {
    setSaving(true);
    setProblem(undefined);
    try {
      queryClient.setQueryData(modelStateQueryOptions.queryKey, await putModelSettings(input));
      setApiKey('');
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const input = (): ModelSettingsInput => ({
    provider,
    model: model.trim(),
    ...(baseUrl.trim() === '' ? {} : { baseUrl: baseUrl.trim() }),
    ...(apiKey === '' ? {} : { apiKey }),
  });
  const keyHeld = held !== null && held.kind === provider && held.keySet;

  return (
    <form
      className="model-settings form-fields"
      aria-label="Model provider"
      onSubmit={(event) => {
        event.preventDefault();
        void save(input());
      }}
    >
      <div className="model-settings-row">
        <label>
          Provider
          <select value={provider} onChange={(event) => setProvider(event.target.value as ProviderKind)}>
            <option value="openai">OpenAI-compatible (OpenAI, Ollama, llama.cpp, vLLM, LM Studio…)</option>
            <option value="anthropic">Anthropic Messages</option>
          </select>
        </label>
        <label>
          Model
          <input
            value={model}
            required
            placeholder={provider === 'openai' ? 'gpt-4.1-mini' : 'claude-sonnet-4-5'}
            onChange={(event) => setModel(event.target.value)}
          />
        </label>
        <label>
          Base URL
          <input
            value={baseUrl}
            placeholder={DEFAULT_BASES[provider]}
            onChange={(event) => setBaseUrl(event.target.value)}
          />
        </label>
        <label>
          API key
          <input
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={
              keyHeld ? 'a key is held (type to replace it)' : 'sent once to the bridge, never kept here'
            }
            onChange={(event) => setApiKey(event.target.value)}
          />
        </label>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving || model.trim() === ''}>
          Use this model
        </button>
        {keyHeld && (
          <button type="button" disabled={saving} onClick={() => void save({ ...input(), apiKey: '' })}>
            Forget the key
          </button>
        )}
        <span className="muted" role="status" aria-label="Model in use">
          {held
            ? `In use: ${held.kind} · ${held.model} · ${held.baseUrl} · ${held.keySet ? 'a key is held' : 'no key'}`
            : 'No model set yet.'}
        </span>
      </div>
      {state?.environmentKeys[provider] && (
        <p className="muted">
          The bridge started with {KEY_VARIABLES[provider]}: it is used for that variable&apos;s own base URL
          when no key is typed.
        </p>
      )}
      {problem && (
        <p className="notice" role="alert" aria-label="Model settings problem">
          {problem}
        </p>
      )}
      {error && (
        <p className="notice" role="alert">
          {error.message}
        </p>
      )}
    </form>
  );
}
