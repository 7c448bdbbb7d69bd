import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ToolCallEnd } from '../core/toolCall.js';
import type { LoadOutcome } from './loadRun.js';

/** The words of an isError result kept to group it by. */
const MESSAGE_CHARS = 200;

/**
 * How a core tool call ended, as a load test counts it: ok, isError (grouped by its first text),
 * a JSON-RPC error (by code and message), or a timeout. The CLI's `load` and the page's Load test
 * count alike.
 */
export function loadOutcomeOf(ended: ToolCallEnd, timeoutMs: number): LoadOutcome {
  if (ended.status === 'timed out')
    return { kind: 'timeout', durationMs: timeoutMs, message: 'no answer in time' };
  if (ended.status !== 'done') return { kind: 'rpcError', durationMs: 0, message: ended.reason };
  const { outcome } = ended;
  if (outcome.kind === 'error')
    return {
      kind: 'rpcError',
      durationMs: outcome.durationMs,
      message: outcome.code === undefined ? outcome.message : `error ${outcome.code}: ${outcome.message}`,
    };
  const result = outcome.result as CallToolResult;
  if (result.isError !== true) return { kind: 'ok', durationMs: outcome.durationMs };
  const text = result.content?.find((block) => block.type === 'text');
  const words = text && 'text' in text ? text.text.trim().slice(0, MESSAGE_CHARS) : '';
  return { kind: 'isError', durationMs: outcome.durationMs, message: `isError: ${words || '(no text)'}` };
}
