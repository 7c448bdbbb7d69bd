import type { CreateMessageResult, ElicitResult } from '@modelcontextprotocol/client';
import type { CollectionItem, ItemAnswers } from './format.js';
import type { Observation } from './expectations.js';
import { proposeExpectations } from './propose.js';
import { withGivenAnswer } from './recordedAnswers.js';
import { withoutSecrets, type SecretArgument } from './secretArguments.js';

/** What the host's calls make in a collection, and what could not be kept as they were. */
export interface CapturedItems {
  items: CollectionItem[];
  /** Secret-looking argument values written as `${env:NAME}` instead. */
  secrets: SecretArgument[];
  /** Host requests a collection cannot hold, by method (`initialize`, `tools/list`…), counted. */
  leftOut: Record<string, number>;
  /** Calls that never got an answer in the capture: saved with no expectation but `succeeds`. */
  unanswered: number;
}

/** The frame fields this needs: a capture's records are the traffic model's, frames among them. */
interface CapturedFrame {
  type: 'frame';
  dir: 'toServer' | 'fromServer';
  t: number;
  message: Record<string, unknown>;
}

type Kind = CollectionItem['kind'];
/** An item before it has a name. */
type ItemDraft = { [K in Kind]: Omit<Extract<CollectionItem, { kind: K }>, 'name'> }[Kind];
const KIND_OF: Record<string, Kind> = {
  'tools/call': 'tool',
  'prompts/get': 'prompt',
  'resources/read': 'resource',
};
/** The host's answers to these server requests become the item's `answers`. */
const ANSWERED = new Set(['sampling/createMessage', 'elicitation/create']);

interface OpenCall {
  kind: Kind;
  params: Record<string, unknown>;
  t: number;
  answers?: ItemAnswers;
}

/**
 * "Save the host's calls to collection": an item for each `tools/call`, `prompts/get` and
 * `resources/read` the host made, in order, with the expectations the page proposes for a result
 * (its outcome, content types, fields, first line of text, a latency bound) and the answers the
 * host gave to the server's sampling and elicitation requests during the call, so `test` answers
 * them as the host did. A legacy server's request is the call's under way (the latest still
 * open); a 2026-07-28 call's input rounds are followed to their last retry, one item. Arguments
 * that look secret are replaced by `${env:NAME}` (the tools' inputSchemas, from the host's own
 * `tools/list`, help say which).
 */
export function itemsFromCapture(
  records: readonly unknown[],
  taken: ReadonlySet<string> = new Set(),
): CapturedItems {
  const frames = records.filter(isFrame);
  const schemas = toolSchemas(frames);
  const open = new Map<string, OpenCall>();
  const serverAsks = new Map<string, { method: string; owner: string | undefined }>();
  /** A 2026-07-28 call that asked for input: its retry takes over its answers. */
  const rounds = new Map<string, { answers?: ItemAnswers; inputRequests: Record<string, string> }>();
  const result: CapturedItems = { items: [], secrets: [], leftOut: {}, unanswered: 0 };
  const names = new Set(taken);

  const finish = (call: OpenCall, observation: Observation | undefined): void => {
    const item = toItem(call, observation, schemas);
    let name = item.base;
    for (let n = 2; names.has(name); n += 1) name = `${item.base} ${n}`;
    names.add(name);
    result.items.push({ ...item.item, name });
    result.secrets.push(...item.secrets);
    if (!observation) result.unanswered += 1;
  };

  for (const frame of frames) {
    const { message } = frame;
    const method = typeof message.method === 'string' ? message.method : undefined;
    const id = 'id' in message ? JSON.stringify(message.id) : undefined;
    if (frame.dir === 'toServer' && method !== undefined) {
      if (id === undefined) continue;
      const kind = KIND_OF[method];
      if (!kind) {
        result.leftOut[method] = (result.leftOut[method] ?? 0) + 1;
        continue;
      }
      const params = { ...(objectOr(message.params) ?? {}) };
      let answers: ItemAnswers | undefined;
      const inputResponses = objectOr(params.inputResponses);
      if (inputResponses) {
        const round = rounds.get(callKey(kind, params));
        answers = round?.answers;
        for (const [key, answer] of Object.entries(inputResponses)) {
          const asked = round?.inputRequests[key];
          if (asked && ANSWERED.has(asked)) answers = withGivenAnswer(answers, given(asked, answer));
        }
        delete params.inputResponses;
        delete params.requestState;
      }
      open.set(id, { kind, params, t: frame.t, ...(answers ? { answers } : {}) });
      continue;
    }
    if (frame.dir === 'fromServer' && method !== undefined) {
      if (id !== undefined && ANSWERED.has(method))
        serverAsks.set(id, { method, owner: [...open.keys()].at(-1) });
      continue;
    }
    if (id === undefined) continue;
    if (frame.dir === 'toServer') {
      // The host's answer to the server's request.
      const ask = serverAsks.get(id);
      serverAsks.delete(id);
      const owner = ask?.owner === undefined ? undefined : open.get(ask.owner);
      if (ask && owner && 'result' in message)
        owner.answers = withGivenAnswer(owner.answers, given(ask.method, message.result));
      continue;
    }
    const call = open.get(id);
    if (!call) continue;
    open.delete(id);
    const durationMs = Math.max(0, frame.t - call.t);
    const error = objectOr(message.error);
    if (error) {
      finish(call, {
        kind: 'rpcError',
        ...(typeof error.code === 'number' ? { code: error.code } : {}),
        message: String(error.message ?? ''),
        ...(error.data === undefined ? {} : { data: error.data }),
        durationMs,
      });
      continue;
    }
    const answer = objectOr(message.result) ?? {};
    if (answer.resultType === 'input_required') {
      const inputRequests = Object.fromEntries(
        Object.entries(objectOr(answer.inputRequests) ?? {}).map(([key, request]) => [
          key,
          String(objectOr(request)?.method ?? ''),
        ]),
      );
      rounds.set(callKey(call.kind, call.params), {
        inputRequests,
        ...(call.answers ? { answers: call.answers } : {}),
      });
      continue;
    }
    finish(call, { kind: 'result', result: answer, durationMs });
  }
  for (const call of open.values()) finish(call, undefined);
  return result;
}

function toItem(
  call: OpenCall,
  observation: Observation | undefined,
  schemas: Map<string, { input?: unknown; output?: unknown }>,
): { item: ItemDraft; base: string; secrets: SecretArgument[] } {
  const expect = observation
    ? proposeExpectations(observation, {
        kind: call.kind,
        hasOutputSchema: call.kind === 'tool' && schemas.get(String(call.params.name))?.output !== undefined,
      })
    : [];
  const answers = call.answers ? { answers: call.answers } : {};
  if (call.kind === 'resource') {
    const uri = String(call.params.uri ?? '');
    return { item: { kind: 'resource', uri, expect, ...answers }, base: uri, secrets: [] };
  }
  const name = String(call.params.name ?? '');
  const given = objectOr(call.params.arguments);
  if (call.kind === 'prompt') {
    const args = given
      ? (withoutSecrets(given, undefined) as { arguments: Record<string, string>; secrets: SecretArgument[] })
      : undefined;
    return {
      item: {
        kind: 'prompt',
        prompt: name,
        ...(args ? { arguments: args.arguments } : {}),
        expect,
        ...answers,
      },
      base: name,
      secrets: args?.secrets ?? [],
    };
  }
  const args = given ? withoutSecrets(given, schemas.get(name)?.input) : undefined;
  return {
    item: { kind: 'tool', tool: name, ...(args ? { arguments: args.arguments } : {}), expect, ...answers },
    base: name,
    secrets: args?.secrets ?? [],
  };
}

/** The tools the server listed to the host: their schemas say which arguments are secret. */
function toolSchemas(frames: readonly CapturedFrame[]): Map<string, { input?: unknown; output?: unknown }> {
  const listIds = new Set(
    frames
      .filter((frame) => frame.dir === 'toServer' && frame.message.method === 'tools/list')
      .map((frame) => JSON.stringify(frame.message.id)),
  );
  const schemas = new Map<string, { input?: unknown; output?: unknown }>();
  for (const frame of frames) {
    if (frame.dir !== 'fromServer' || !listIds.has(JSON.stringify(frame.message.id))) continue;
    const tools = objectOr(frame.message.result)?.tools;
    if (!Array.isArray(tools)) continue;
    for (const tool of tools) {
      const named = objectOr(tool);
      if (typeof named?.name === 'string')
        schemas.set(named.name, { input: named.inputSchema, output: named.outputSchema });
    }
  }
  return schemas;
}

function given(method: string, answer: unknown): Parameters<typeof withGivenAnswer>[1] {
  return method === 'elicitation/create'
    ? { method, answer: answer as ElicitResult }
    : { method: 'sampling/createMessage', answer: answer as CreateMessageResult };
}

/** A call and its retries share this: the same kind, name (or uri) and arguments. */
function callKey(kind: Kind, params: Record<string, unknown>): string {
  return JSON.stringify([kind, params.name ?? params.uri, params.arguments ?? null]);
}

function isFrame(value: unknown): value is CapturedFrame {
  const record = objectOr(value);
  return (
    record?.type === 'frame' &&
    (record.dir === 'toServer' || record.dir === 'fromServer') &&
    typeof record.t === 'number' &&
    objectOr(record.message) !== undefined
  );
}

function objectOr(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
