import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { ArgumentsEditor, parseArguments } from './ArgumentsEditor';
import { CallResultView, type CallOutcome } from '../results/CallResultView';
import { toolDisplayName } from './toolsQuery';

/** One tool: what it is, its arguments, and the outcome of running it. */
interface ToolPanelProps {
  tool: Tool;
  client: Client;
  /** False while the server is down: the panel and its last result stay, running does not. */
  connected: boolean;
}

export function ToolPanel({ tool, client, connected }: ToolPanelProps) {
  const [argsText, setArgsText] = useState('{}');
  const parsed = parseArguments(argsText);
  const call = useMutation({
    mutationFn: (args: Record<string, unknown>) => callTool(client, tool.name, args),
  });
  const run = (): void => {
    if (parsed.value && connected) call.mutate(parsed.value);
  };

  return (
    <section className="tool-panel" aria-label={`Tool ${tool.name}`}>
      <header>
        <h2>{toolDisplayName(tool)}</h2>
        <code>{tool.name}</code>
      </header>
      {tool.description && <p className="description">{tool.description}</p>}
      <details>
        <summary>Input schema</summary>
        <pre>{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
            event.preventDefault();
            run();
          }
        }}
      >
        <ArgumentsEditor value={argsText} onChange={setArgsText} error={parsed.error} />
        <button
          type="submit"
          className="primary"
          disabled={parsed.value === undefined || call.isPending || !connected}
        >
          {call.isPending ? 'Running…' : 'Run tool'}
        </button>
      </form>
      {call.data && <CallResultView outcome={call.data} tool={tool} client={client} />}
    </section>
  );
}

/**
 * Calls through `request` rather than `callTool`: the SDK's `callTool` throws when
 * structuredContent does not match the outputSchema, and an inspector must show exactly
 * what came back, right or wrong.
 */
async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallOutcome> {
  const started = performance.now();
  try {
    const result = await client.request(
      { method: 'tools/call', params: { name, arguments: args } },
      CallToolResultSchema,
    );
    return { kind: 'result', result, durationMs: performance.now() - started };
  } catch (error) {
    const durationMs = performance.now() - started;
    if (error instanceof McpError) {
      return { kind: 'error', code: error.code, message: error.message, data: error.data, durationMs };
    }
    return { kind: 'error', message: (error as Error).message, durationMs };
  }
}
