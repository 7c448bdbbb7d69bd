import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Prompt } from '@modelcontextprotocol/client';
import { getPrompt, promptOwner } from '../../../shared/core';
import { useInspector } from '../../session/inspectorContext';
import { InputRequestsFor } from '../tools/CallInputRequests';
import type { McpConnection } from '../../bridge/inspectorSession';
import { CompletingInput } from '../../components/CompletingInput';
import { ContentBlockView } from '../results/ContentBlockView';
import { SaveButtons } from '../collections/SaveToCollection';
import { hearAnswers } from '../collections/heardAnswers';

/** One prompt: its arguments (required ones marked, with completions), and prompts/get. */
export function PromptDetail({ mcp, prompt }: { mcp: McpConnection; prompt: Prompt }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const args = prompt.arguments ?? [];
  const session = useInspector();
  const owner = promptOwner(prompt.name);
  const get = useMutation({
    // A modern server may answer input_required: its rounds are put to the person here, then retried.
    // Timed, for a collection's latency expectation; the person's answers kept, for its `answers`.
    mutationFn: async (sent: Record<string, string>) => {
      const started = performance.now();
      const heard = hearAnswers(session.answers, owner);
      try {
        const result = await getPrompt(mcp.client, prompt.name, sent, { answerer: session.answerer, owner });
        return { result, durationMs: performance.now() - started, answers: heard.stop() };
      } finally {
        heard.stop();
      }
    },
  });
  const complete = mcp.capabilities?.completions !== undefined && mcp.status === 'ready';
  // An argument left empty is not sent, so the server sees it as absent rather than "".
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

  return (
    <section className="resource-detail" aria-label={`Prompt ${prompt.name}`}>
      <header>
        <h2>{prompt.title ?? prompt.name}</h2>
        <code>{prompt.name}</code>
      </header>
      {prompt.description && <p className="description">{prompt.description}</p>}
      <form
        className="argument-form"
        onSubmit={(event) => {
          event.preventDefault();
          get.mutate(filled);
        }}
      >
        {args.length === 0 && <p className="muted">This prompt takes no arguments.</p>}
        {args.map((arg) => (
          <CompletingInput
            key={arg.name}
            label={arg.name}
            required={arg.required === true}
            {...(arg.description ? { description: arg.description } : {})}
            value={values[arg.name] ?? ''}
            onChange={(value) => setValues({ ...values, [arg.name]: value })}
            completion={{
              client: mcp.client,
              generation: mcp.generation,
              enabled: complete,
              ref: { type: 'ref/prompt', name: prompt.name },
              argument: arg.name,
              context: Object.fromEntries(Object.entries(filled).filter(([key]) => key !== arg.name)),
            }}
          />
        ))}
        <button type="submit" className="primary" disabled={mcp.status !== 'ready' || get.isPending}>
          {get.isPending ? 'Getting…' : 'Get prompt'}
        </button>
      </form>
      {get.isPending && <InputRequestsFor owner={owner} label={`Input for prompt ${prompt.name}`} />}
      {get.isError && (
        <p className="field-error" role="alert">
          prompts/get failed: {get.error.message}
        </p>
      )}
      {get.data && (
        <section className="prompt-messages" aria-label="Prompt messages">
          {get.data.result.description && <p className="muted">{get.data.result.description}</p>}
          <ol>
            {get.data.result.messages.map((message, index) => (
              <li
                key={index}
                className={`prompt-message role-${message.role}`}
                aria-label={`Message ${index + 1}: ${message.role}`}
              >
                <span className="role">{message.role}</span>
                <ContentBlockView block={message.content} client={mcp.client} />
              </li>
            ))}
          </ol>
          <SaveButtons
            item={{
              kind: 'prompt',
              prompt: prompt.name,
              arguments: get.variables ?? {},
              ...(get.data.answers ? { answers: get.data.answers } : {}),
            }}
            base={prompt.name}
            observation={{ kind: 'result', result: get.data.result, durationMs: get.data.durationMs }}
          />
        </section>
      )}
    </section>
  );
}
