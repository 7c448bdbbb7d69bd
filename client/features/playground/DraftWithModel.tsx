import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CreateMessageRequest } from '@modelcontextprotocol/client';
import { chooseModel } from '../../../shared/models/modelChoice';
import {
  askWords,
  draftSampling,
  preferenceWords,
  samplingAsk,
  type SamplingDraft,
} from '../../../shared/models/samplingDraft';
import { bridgeModelStepper, listModels, ModelStepFailure } from './modelBridge';
import { modelStateQueryOptions } from './modelStateQuery';
import { useSamplingCandidates } from './samplingCandidates';

/**
 * "Draft with model": the configured provider's answer to a server's sampling request, put in
 * the reply for the person to read, edit, send or refuse: nothing is sent to the server from here
 * (the spec's human in the loop). The request's model preferences pick the model (hints against
 * the provider's listed models, priorities over the person's rated candidates), said with why,
 * and the person may name another before drafting. Its settings, tools, images and sounds go to
 * the model where the provider takes them; what does not is listed.
 */
export function DraftWithModel({
  params,
  onDraft,
}: {
  params: CreateMessageRequest['params'];
  onDraft: (draft: SamplingDraft) => void;
}) {
  const model = useQuery(modelStateQueryOptions);
  const settings = model.data?.settings ?? null;
  const listed = useQuery({
    queryKey: ['bridge', 'model', 'models', settings?.kind, settings?.baseUrl],
    queryFn: listModels,
    enabled: settings !== null,
    staleTime: 5 * 60_000,
  });
  const candidates = useSamplingCandidates();
  const [override, setOverride] = useState<string | undefined>();
  const [streamed, setStreamed] = useState<string | undefined>();
  const [drafting, setDrafting] = useState(false);
  const [said, setSaid] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);
  const listId = useId();
  const preferences = preferenceWords(params.modelPreferences);

  const listing = listed.data;
  const choice = settings
    ? chooseModel({
        preferences: params.modelPreferences,
        configured: settings.model,
        listed: listing && 'models' in listing ? listing.models : undefined,
        unlisted: listing && 'unlisted' in listing ? listing.unlisted : undefined,
        candidates: candidates.candidates,
      })
    : undefined;
  const chosen = override?.trim() || choice?.model || '';
  const ask = samplingAsk(params, settings?.kind ?? 'openai');
  const given = askWords(ask);

  const draft = async (): Promise<void> => {
    if (!settings || chosen === '') return;
    const abort = new AbortController();
    controller.current = abort;
    setDrafting(true);
    setProblem(undefined);
    setStreamed('');
    try {
      const { draft: drafted } = await draftSampling(params, {
        provider: settings.kind,
        model: chosen,
        step: bridgeModelStepper(),
        signal: abort.signal,
        onText: (delta) => setStreamed((text) => (text ?? '') + delta),
      });
      onDraft(drafted);
      const calls = drafted.toolUses.length;
      setSaid(
        `Drafted by ${settings.kind} · ${chosen}${calls > 0 ? ` (${calls} tool call${calls === 1 ? '' : 's'})` : ''}: read it, edit it, then send or reject.`,
      );
    } catch (error) {
      setProblem(
        error instanceof ModelStepFailure && error.kind === 'cancelled'
          ? 'Stopped.'
          : (error as Error).message,
      );
    } finally {
      setDrafting(false);
      setStreamed(undefined);
    }
  };

  return (
    <section className="draft-with-model" aria-label="Draft with model">
      {preferences.length > 0 && (
        <p className="muted" aria-label="Model preferences">
          The server prefers: {preferences.join(' · ')}.
        </p>
      )}
      {settings && choice && (
        <div className="form-fields">
          <label>
            Model to ask
            <input
              list={listId}
              value={override ?? choice.model}
              onChange={(event) => setOverride(event.target.value)}
            />
          </label>
          <datalist id={listId}>
            {(listing && 'models' in listing ? listing.models : [settings.model]).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <p className="muted" aria-label="Why this model">
            {override !== undefined && override.trim() !== choice.model
              ? `Your choice (the preferences point to ${choice.model}: ${choice.why.join(' ')})`
              : choice.why.join(' ')}
          </p>
          <details>
            <summary>Candidates for the priorities ({candidates.candidates.length})</summary>
            <label>
              Sampling candidates
              <textarea
                rows={3}
                placeholder="claude-haiku-4 cost=1 speed=1 intelligence=0.4"
                value={candidates.text}
                onChange={(event) => candidates.setText(event.target.value)}
              />
            </label>
            <p className="muted">
              One model a line, rated 0 to 1 for cost (cheaper is higher), speed and intelligence; the
              request&apos;s priorities weigh them.
            </p>
            {candidates.problems.map((line) => (
              <p key={line} className="notice" role="alert">
                {line}
              </p>
            ))}
          </details>
        </div>
      )}
      <div className="actions">
        <button type="button" disabled={!settings || drafting || chosen === ''} onClick={() => void draft()}>
          Draft with model
        </button>
        {drafting && (
          <button type="button" onClick={() => controller.current?.abort()}>
            Stop drafting
          </button>
        )}
        <span className="muted" role="status" aria-label="Draft status">
          {!settings
            ? 'Set a model in the Playground tab to draft a reply with it.'
            : drafting
              ? `Asking ${chosen}…`
              : (said ?? '')}
        </span>
      </div>
      {streamed !== undefined && <p className="pre muted">{streamed}</p>}
      {given.length > 0 && (
        <p className="muted" aria-label="Given to the model">
          Given to the model: {given.join('; ')}.
        </p>
      )}
      {ask.notes.length > 0 && <p className="muted">On the way: {ask.notes.join('; ')}.</p>}
      {ask.leftOut.length > 0 && (
        <p className="muted" aria-label="Not given to the model">
          Not given to the model: {ask.leftOut.join('; ')}.
        </p>
      )}
      {problem && (
        <p className="notice" role="alert" aria-label="Draft problem">
          {problem}
        </p>
      )}
    </section>
  );
}
