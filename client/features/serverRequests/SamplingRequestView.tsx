import { DeprecatedTag } from '../../components/DeprecatedTag';
import { useState } from 'react';
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/client';
import { USER_REJECTED } from '../../bridge/serverRequests';
import { useInspector } from '../../session/inspectorContext';
import { SamplingMessageView } from './SamplingMessageView';
import { formatClockTime } from '../../components/format';
import { PERSON_SAMPLING_MODEL } from '../../../shared/personSampling';
import { DraftWithModel } from '../playground/DraftWithModel';
import { replyOf, type DraftToolUse } from '../../../shared/models/samplingDraft';
import { ToolUsesEditor } from './ToolUsesEditor';

interface Props {
  id: number;
  params: CreateMessageRequest['params'];
  receivedAt: number;
}

/** sampling/createMessage: what the server asks an LLM, and the person's reply in its place. */
export function SamplingRequestView({ id, params, receivedAt }: Props) {
  const { requests } = useInspector();
  const [role, setRole] = useState<'assistant' | 'user'>('assistant');
  const [kind, setKind] = useState<'text' | 'image'>('text');
  const [text, setText] = useState('');
  const [image, setImage] = useState<{ data: string; mimeType: string } | undefined>();
  const [model, setModel] = useState(PERSON_SAMPLING_MODEL);
  const [stopReason, setStopReason] = useState<'endTurn' | 'stopSequence' | 'maxTokens' | 'toolUse'>(
    'endTurn',
  );
  const [toolUses, setToolUses] = useState<DraftToolUse[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const toolNames = (params.tools ?? []).map((tool) => tool.name);

  const reply = (): void => {
    if (kind === 'image' && image) {
      const content: CreateMessageResult['content'] = { type: 'image', ...image };
      requests.answer(id, { role, content, model, stopReason });
      return;
    }
    const built = replyOf({ role, text, toolUses, model, stopReason });
    if ('problem' in built) {
      setProblem(`Not sent: ${built.problem}.`);
      return;
    }
    requests.answer(id, built.reply);
  };

  return (
    <article className="server-request" aria-label="Sampling request">
      <header>
        <h3>
          sampling/createMessage <DeprecatedTag feature="Sampling" />
        </h3>
        <time className="muted">{formatClockTime(receivedAt)}</time>
      </header>
      <dl className="request-facts">
        {params.systemPrompt && (
          <>
            <dt>System prompt</dt>
            <dd className="pre">{params.systemPrompt}</dd>
          </>
        )}
        <dt>Max tokens</dt>
        <dd>{params.maxTokens}</dd>
        {params.temperature !== undefined && (
          <>
            <dt>Temperature</dt>
            <dd>{params.temperature}</dd>
          </>
        )}
        {params.modelPreferences && (
          <>
            <dt>Model preferences</dt>
            <dd className="pre">{JSON.stringify(params.modelPreferences, null, 2)}</dd>
          </>
        )}
        {params.includeContext && (
          <>
            <dt>Include context</dt>
            <dd>{params.includeContext}</dd>
          </>
        )}
        {toolNames.length > 0 && (
          <>
            <dt>Tools</dt>
            <dd>{toolNames.join(', ')}</dd>
          </>
        )}
        {params.toolChoice?.mode && (
          <>
            <dt>Tool choice</dt>
            <dd>{params.toolChoice.mode}</dd>
          </>
        )}
        {params.stopSequences && params.stopSequences.length > 0 && (
          <>
            <dt>Stop sequences</dt>
            <dd>{params.stopSequences.map((s) => JSON.stringify(s)).join(', ')}</dd>
          </>
        )}
      </dl>
      <ol className="sampling-messages" aria-label="Messages">
        {params.messages.map((message, index) => (
          <li key={index}>
            <SamplingMessageView message={message} />
          </li>
        ))}
      </ol>
      <DraftWithModel
        params={params}
        onDraft={(draft) => {
          setRole('assistant');
          setKind('text');
          setText(draft.text);
          setToolUses(draft.toolUses);
          setModel(draft.model);
          setStopReason(draft.stopReason);
          setProblem(undefined);
        }}
      />
      <form
        className="reply-form form-fields"
        aria-label="Reply"
        onSubmit={(event) => {
          event.preventDefault();
          reply();
        }}
      >
        <div className="reply-row">
          <label>
            Role
            <select value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
              <option value="assistant">assistant</option>
              <option value="user">user</option>
            </select>
          </label>
          <label>
            Content
            <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
              <option value="text">text</option>
              <option value="image">image</option>
            </select>
          </label>
          <label>
            Model
            <input value={model} onChange={(e) => setModel(e.target.value)} />
          </label>
          <label>
            Stop reason
            <select value={stopReason} onChange={(e) => setStopReason(e.target.value as typeof stopReason)}>
              <option value="endTurn">endTurn</option>
              <option value="stopSequence">stopSequence</option>
              <option value="maxTokens">maxTokens</option>
              {(toolNames.length > 0 || stopReason === 'toolUse') && <option value="toolUse">toolUse</option>}
            </select>
          </label>
        </div>
        {kind === 'text' ? (
          <>
            <label>
              Reply text
              <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} />
            </label>
            {(toolNames.length > 0 || toolUses.length > 0) && (
              <ToolUsesEditor
                tools={params.tools ?? []}
                toolUses={toolUses}
                onChange={(next) => {
                  setToolUses(next);
                  setProblem(undefined);
                  if (next.length > 0) setStopReason('toolUse');
                  else if (stopReason === 'toolUse') setStopReason('endTurn');
                }}
              />
            )}
          </>
        ) : (
          <label>
            Reply image
            <input
              type="file"
              accept="image/*"
              onChange={(e) => void readImage(e.target.files?.[0]).then(setImage)}
            />
          </label>
        )}
        {problem && (
          <p className="notice" role="alert" aria-label="Reply problem">
            {problem}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={kind === 'image' && !image}>
            Send reply
          </button>
          <button
            type="button"
            onClick={() => requests.refuse(id, USER_REJECTED, 'The user rejected the sampling request')}
          >
            Reject
          </button>
        </div>
      </form>
    </article>
  );
}

async function readImage(file: File | undefined): Promise<{ data: string; mimeType: string } | undefined> {
  if (!file) return undefined;
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
  return { data: dataUrl.slice(dataUrl.indexOf(',') + 1), mimeType: file.type || 'image/png' };
}
