import type { Client, Tool } from '@modelcontextprotocol/client';
import type { Observation } from '../../../shared/collections/expectations';
import { collectionSchemaCheck } from '../../../shared/collections/schemaCheck';
import type { ModelStepper } from '../../../shared/models/modelLoop';
import type { CallLog, CallRecord } from '../../session/callLog';
import { confirmationSkipped } from '../../session/confirmationMemory';
import { needsConfirmation } from '../../session/toolHints';
import type { ChatDeps } from './playgroundChat';
import { stepFailureOf } from './stepOverHttp';

/**
 * The page's side of a chat: calls made through the tools workbench's call log (the same
 * records, frames and result cards as a manual call), arguments checked with the one schema
 * engine, and the person asked where the workbench would ask: a destructive tool, unless they
 * said "don't ask again" for it or for its server.
 */
export function pageChatDeps(options: {
  calls: CallLog;
  client: Client;
  serverName: string;
  timeoutMs: number;
  step: ModelStepper;
}): ChatDeps {
  const { calls, client, serverName, timeoutMs, step } = options;
  return {
    step,
    validate: collectionSchemaCheck,
    failureOf: stepFailureOf,
    mustAsk: (tool: Tool) => needsConfirmation(tool) && !confirmationSkipped(serverName, tool.name),
    startCall: (tool, args) => {
      const recordId = calls.start(client, tool, args, timeoutMs);
      return { recordId, ended: calls.whenEnded(recordId).then(observationOf) };
    },
    cancelCall: (recordId) => calls.cancel(recordId),
  };
}

/** A call's record as the model loop reads it: its result or error, else why there is none. */
export function observationOf(
  record: CallRecord | undefined,
): Observation | { kind: 'failed'; reason: string } {
  const outcome = record?.outcome;
  if (!record || !outcome)
    return { kind: 'failed', reason: record?.endReason ?? `the call ended (${record?.status ?? 'lost'})` };
  if (outcome.kind === 'result')
    return {
      kind: 'result',
      result: outcome.result as Record<string, unknown>,
      durationMs: outcome.durationMs,
    };
  return {
    kind: 'rpcError',
    ...(outcome.code === undefined ? {} : { code: outcome.code }),
    message: outcome.message,
    ...(outcome.data === undefined ? {} : { data: outcome.data }),
    durationMs: outcome.durationMs,
  };
}
