import { useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Client, Tool } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import { ConfirmRunDialog } from '../../components/ConfirmRunDialog';
import { skipConfirmation } from '../../session/confirmationMemory';
import { useInspector } from '../../session/inspectorContext';
import { callLogOf } from '../../session/sessionCallLog';
import { destructiveness } from '../../session/toolHints';
import { toolsQueryOptions } from '../../session/toolsQuery';
import { translateTools } from '../../../shared/models/toolTranslation';
import type { CallLog } from '../../session/callLog';
import { ChatTranscript } from './ChatTranscript';
import { pageChatDeps } from './chatDeps';
import { bridgeModelStepper } from './modelBridge';
import { modelStateQueryOptions } from './modelStateQuery';
import { ModelSettingsForm } from './ModelSettingsForm';
import { PlaygroundChat } from './playgroundChat';
import { ToolTranslationView } from './ToolTranslationView';
import { ToolPicker } from './ToolPicker';
import './playground.css';

/** The tools workbench's call timeout, which a model's calls share. */
const TIMEOUT_KEY = 'mcp-inspect.callTimeoutSeconds';
const DEFAULT_MAX_STEPS = 8;

/** One chat per connection: it outlives the tab being hidden, and a new connection starts afresh. */
const chats = new WeakMap<Client, PlaygroundChat>();

function chatFor(client: Client, calls: CallLog, serverName: string): PlaygroundChat {
  let chat = chats.get(client);
  if (!chat) {
    chat = new PlaygroundChat(
      pageChatDeps({
        calls,
        client,
        serverName,
        timeoutMs: (Number(localStorage.getItem(TIMEOUT_KEY)) || 60) * 1000,
        step: bridgeModelStepper(),
      }),
    );
    chats.set(client, chat);
  }
  return chat;
}

/**
 * The Playground: the person's own model given the server's tools (all, or the ones chosen), each
 * call it proposes checked, approved where the page would ask, and made as a manual call is.
 */
export function PlaygroundPanel({ mcp }: { mcp: McpConnection }) {
  const session = useInspector();
  const calls = callLogOf(session);
  const serverName = mcp.serverInfo?.name ?? 'unknown server';
  const chat = chatFor(mcp.client, calls, serverName);
  const state = useSyncExternalStore(chat.subscribe, chat.getSnapshot);
  const records = useSyncExternalStore(calls.subscribe, calls.getSnapshot);
  const model = useQuery(modelStateQueryOptions);
  const tools = useQuery({
    ...toolsQueryOptions(mcp.client, mcp.generation),
    enabled: mcp.status === 'ready',
  });
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [prompt, setPrompt] = useState('');
  const [system, setSystem] = useState('');
  const [maxSteps, setMaxSteps] = useState(DEFAULT_MAX_STEPS);
  const provider = model.data?.settings?.kind ?? 'openai';
  const given: Tool[] = useMemo(
    () => (tools.data ?? []).filter((tool) => !left.has(tool.name)),
    [tools.data, left],
  );
  const translation = useMemo(() => translateTools(provider, given), [provider, given]);
  const strictTranslation = useMemo(
    () => (provider === 'openai' ? translateTools('openai', given, { strict: true }) : undefined),
    [provider, given],
  );
  const ready = model.data?.settings != null && mcp.status === 'ready';

  const send = (): void => {
    const text = prompt.trim();
    if (text === '' || !ready || state.running) return;
    setPrompt('');
    void chat.send({ prompt: text, system: system.trim() || undefined, tools: given, translation, maxSteps });
  };

  return (
    <div className="playground">
      <section aria-label="Model settings">
        <h3>Model</h3>
        <ModelSettingsForm />
      </section>
      <ToolPicker tools={tools.data ?? []} left={left} onChange={setLeft} />
      <details className="playground-translation">
        <summary>
          What the model receives ({translation.tools.length} tools
          {translation.refused.length > 0 ? `, ${translation.refused.length} refused` : ''})
        </summary>
        <ToolTranslationView translation={translation} strictTranslation={strictTranslation} />
      </details>
      <section className="playground-chat" aria-label="Playground chat">
        <ChatTranscript
          turns={state.turns}
          records={records}
          client={mcp.client}
          onCancelCall={(id) => calls.cancel(id)}
        />
        <form
          className="chat-prompt form-fields"
          aria-label="Message to the model"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label>
            Message
            <textarea
              rows={3}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              onKeyDown={(event) => {
                if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
                  event.preventDefault();
                  send();
                }
              }}
            />
          </label>
          <details>
            <summary>System text</summary>
            <label>
              System text
              <textarea rows={2} value={system} onChange={(event) => setSystem(event.target.value)} />
            </label>
          </details>
          <div className="actions">
            <button
              type="submit"
              className="primary"
              disabled={!ready || state.running || prompt.trim() === ''}
            >
              Send
            </button>
            {state.running && (
              <button type="button" onClick={() => chat.cancel()}>
                Stop the model
              </button>
            )}
            <button
              type="button"
              disabled={state.running || state.turns.length === 0}
              onClick={() => chat.clear()}
            >
              New chat
            </button>
            <label className="inline">
              Step limit
              <input
                type="number"
                min={1}
                max={50}
                value={maxSteps}
                onChange={(event) => {
                  const steps = Number(event.target.value);
                  if (Number.isInteger(steps) && steps >= 1 && steps <= 50) setMaxSteps(steps);
                }}
              />
            </label>
            {!ready && (
              <span className="muted">
                {model.data?.settings == null ? 'Set a model above first.' : 'Waiting for the server…'}
              </span>
            )}
          </div>
        </form>
      </section>
      {state.approval && (
        <ConfirmRunDialog
          toolName={state.approval.tool.name}
          asker="The model"
          reason={destructiveness(state.approval.tool) ?? 'default'}
          onCancel={() => chat.answerApproval(false)}
          onConfirm={(dontAskAgain) => {
            if (dontAskAgain && state.approval)
              skipConfirmation(serverName, state.approval.tool.name, dontAskAgain);
            chat.answerApproval(true);
          }}
        />
      )}
    </div>
  );
}
