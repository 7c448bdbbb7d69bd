import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CreateMessageRequest } from '@modelcontextprotocol/client';
import { bridgeModelStepper, ModelStepFailure } from './modelBridge';
import { modelStateQueryOptions } from './modelStateQuery';
import { preferenceWords, samplingAsk, samplingStopReason } from './samplingDraft';

export interface SamplingDraft {
  text: string;
  /** The model that wrote it, as the reply names it. */
  model: string;
  stopReason: 'endTurn' | 'maxTokens';
}

/**
 * "Draft with model": the configured model's answer to a server's sampling request, put in the
 * reply for the person to read, edit, send or refuse: nothing is sent to the server from here
 * (the spec's human in the loop). The request's model preferences are shown; the model that
 * answers is the one configured, said.
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
  const [streamed, setStreamed] = useState<string | undefined>();
  const [drafting, setDrafting] = useState(false);
  const [said, setSaid] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);
  const preferences = preferenceWords(params.modelPreferences);
  const ask = samplingAsk(params);

  const draft = async (): Promise<void> => {
    if (!settings) return;
    const abort = new AbortController();
    controller.current = abort;
    setDrafting(true);
    setProblem(undefined);
    setStreamed('');
    try {
      const step = await bridgeModelStepper()({
        system: ask.system,
        turns: ask.turns,
        tools: [],
        signal: abort.signal,
        onText: (delta) => setStreamed((text) => (text ?? '') + delta),
      });
      onDraft({ text: step.text, model: settings.model, stopReason: samplingStopReason(step.stopReason) });
      setSaid(`Drafted by ${settings.kind} · ${settings.model}: read it, edit it, then send or reject.`);
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
          The server prefers: {preferences.join(' · ')}.{' '}
          {settings ? `The configured model (${settings.model}) answers: hints are shown, not followed.` : ''}
        </p>
      )}
      <div className="actions">
        <button type="button" disabled={!settings || drafting} onClick={() => void draft()}>
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
              ? `Asking ${settings.model}…`
              : (said ?? '')}
        </span>
      </div>
      {streamed !== undefined && <p className="pre muted">{streamed}</p>}
      {ask.leftOut.length > 0 && <p className="muted">Not given to the model: {ask.leftOut.join('; ')}.</p>}
      {problem && (
        <p className="notice" role="alert" aria-label="Draft problem">
          {problem}
        </p>
      )}
    </section>
  );
}
