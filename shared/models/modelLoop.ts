import type { Tool } from '@modelcontextprotocol/client';
import type { AbortSignalLike } from '../core/platform.js';
import type { Observation, SchemaValidator } from '../collections/expectations.js';
import { textsOf } from '../collections/expectations.js';
import {
  parseToolArguments,
  type ConversationTurn,
  type ModelStep,
  type StepSettings,
  type ToolResultTurn,
} from './conversation.js';
import {
  isDestructive,
  serverToolFor,
  type ToolTranslation,
  type TranslatedTool,
} from './toolTranslation.js';

/**
 * A model driving the server's tools: ask the model, check each call it proposes (a tool it was
 * given, arguments that parse and fit the tool's inputSchema, the person's approval where the
 * page would ask), make the call through the shell's call path (the core's, as a manual call),
 * give the result back, until the model answers without a call or the step limit is reached.
 * Nothing proposed is sent unchecked: a refused call goes back to the model as an error, said.
 */

/** One request to the model (the shell's provider: see server/models/). */
export type ModelStepper = (request: {
  system?: string | undefined;
  turns: readonly ConversationTurn[];
  tools: readonly TranslatedTool[];
  settings?: StepSettings | undefined;
  signal?: AbortSignalLike | undefined;
  onText?: ((delta: string) => void) | undefined;
}) => Promise<ModelStep>;

export type CallOutcome =
  /** Called: the server's answer (a result, maybe isError, or a JSON-RPC error). */
  | { kind: 'called'; observation: Observation }
  /** Called, but no answer came back (timed out, the connection lost). */
  | { kind: 'no-answer'; reason: string }
  /** Not called: the model named a tool it was not given. */
  | { kind: 'unknown-tool'; reason: string }
  /** Not called: the arguments do not parse or do not fit the inputSchema (flagged, not sent). */
  | { kind: 'invalid-arguments'; reason: string }
  /** Not called: the person (or the headless policy) did not allow it. */
  | { kind: 'not-approved'; reason: string };

export interface ProposedCall {
  id: string;
  /** The name the model used. */
  modelName: string;
  /** The server's tool it stands for, when there is one. */
  serverName?: string;
  argumentsText: string;
  arguments?: Record<string, unknown>;
  destructive: boolean;
  outcome: CallOutcome;
}

export interface LoopStep {
  text: string;
  calls: ProposedCall[];
  stopReason: string;
  usage: ModelStep['usage'];
  /** From the request to the model's last byte. */
  modelMs: number;
}

export type LoopEnd =
  | { kind: 'answered' }
  | { kind: 'step-limit'; limit: number }
  | { kind: 'failed'; failure: { kind: string; message: string } }
  | { kind: 'cancelled' };

export interface LoopTranscript {
  steps: LoopStep[];
  /** The model's text of its last step. */
  finalText: string;
  end: LoopEnd;
  /** The conversation as it stands, the prompt and this run's turns included: a chat's next history. */
  turns: ConversationTurn[];
}

export type Approval = { allowed: true } | { allowed: false; reason: string };

export interface LoopOptions {
  step: ModelStepper;
  translation: ToolTranslation;
  serverTools: readonly Tool[];
  callTool(
    tool: Tool,
    args: Record<string, unknown>,
  ): Promise<Observation | { kind: 'failed'; reason: string }>;
  /** Asked before a destructive tool runs (the page's rule: see isDestructive). */
  approve(tool: Tool, args: Record<string, unknown>): Promise<Approval>;
  validate: SchemaValidator;
  prompt: string;
  /** The turns before this prompt (a chat going on); none for a run of its own. */
  history?: readonly ConversationTurn[] | undefined;
  system?: string | undefined;
  /** Model requests at most; a model still calling tools after the last is stopped, said. */
  maxSteps: number;
  signal?: AbortSignalLike | undefined;
  /** A provider's failure in words; anything else it throws goes on up. */
  failureOf(error: unknown): { kind: string; message: string } | undefined;
  onText?(delta: string): void;
  onStep?(step: LoopStep, index: number): void;
  /** Each proposed call once handled (called, or not and why), before the step's next call. */
  onCall?(call: ProposedCall, stepIndex: number): void;
  now?: () => number;
}

/** The most a model's text for a tool result may be: a huge result is cut, and said to be. */
const RESULT_TEXT_MAX = 16_000;

export async function runModelLoop(options: LoopOptions): Promise<LoopTranscript> {
  const now = options.now ?? (() => Date.now());
  const turns: ConversationTurn[] = [...(options.history ?? []), { role: 'user', text: options.prompt }];
  const steps: LoopStep[] = [];
  let finalText = '';
  for (let index = 0; index < options.maxSteps; index += 1) {
    if (options.signal?.aborted) return { steps, finalText, end: { kind: 'cancelled' }, turns };
    const started = now();
    let answer: ModelStep;
    try {
      answer = await options.step({
        system: options.system,
        turns,
        tools: options.translation.tools,
        signal: options.signal,
        onText: options.onText,
      });
    } catch (error) {
      const failure = options.failureOf(error);
      if (!failure) throw error;
      if (failure.kind === 'cancelled') return { steps, finalText, end: { kind: 'cancelled' }, turns };
      return { steps, finalText, end: { kind: 'failed', failure }, turns };
    }
    const modelMs = now() - started;
    finalText = answer.text;
    turns.push({ role: 'assistant', text: answer.text, toolCalls: answer.toolCalls });
    const calls: ProposedCall[] = [];
    const results: ToolResultTurn[] = [];
    for (const call of answer.toolCalls) {
      const proposed = await handleCall(call, options);
      calls.push(proposed);
      options.onCall?.(proposed, index);
      results.push({
        callId: call.id,
        name: call.name,
        ...resultForModel(proposed.outcome),
      });
    }
    const step: LoopStep = {
      text: answer.text,
      calls,
      stopReason: answer.stopReason,
      usage: answer.usage,
      modelMs,
    };
    steps.push(step);
    options.onStep?.(step, index);
    if (answer.toolCalls.length === 0) return { steps, finalText, end: { kind: 'answered' }, turns };
    turns.push({ role: 'tool', results });
  }
  return { steps, finalText, end: { kind: 'step-limit', limit: options.maxSteps }, turns };
}

async function handleCall(call: ModelStep['toolCalls'][number], options: LoopOptions): Promise<ProposedCall> {
  const base = { id: call.id, modelName: call.name, argumentsText: call.argumentsText };
  const translated = serverToolFor(options.translation, call.name);
  const tool =
    translated && options.serverTools.find((candidate) => candidate.name === translated.serverName);
  if (!translated || !tool) {
    const names = options.translation.tools.map((given) => given.name).join(', ');
    return {
      ...base,
      destructive: false,
      outcome: {
        kind: 'unknown-tool',
        reason: `there is no tool "${call.name}" (the tools given: ${names === '' ? 'none' : names})`,
      },
    };
  }
  const destructive = isDestructive(tool);
  const named = { ...base, serverName: tool.name, destructive };
  const parsed = parseToolArguments(call.argumentsText);
  if ('problem' in parsed)
    return { ...named, outcome: { kind: 'invalid-arguments', reason: parsed.problem } };
  const args = parsed.value;
  const checked = options.validate(args, tool.inputSchema);
  if ('problems' in checked && checked.problems.length > 0)
    return {
      ...named,
      arguments: args,
      outcome: {
        kind: 'invalid-arguments',
        reason: `the arguments do not fit the inputSchema of "${tool.name}": ${checked.problems.join('; ')}`,
      },
    };
  if (destructive) {
    const approval = await options.approve(tool, args);
    if (!approval.allowed)
      return { ...named, arguments: args, outcome: { kind: 'not-approved', reason: approval.reason } };
  }
  const answered = await options.callTool(tool, args);
  if (answered.kind === 'failed')
    return { ...named, arguments: args, outcome: { kind: 'no-answer', reason: answered.reason } };
  return { ...named, arguments: args, outcome: { kind: 'called', observation: answered } };
}

/** What the model reads of a call: the result's text, or why there is none. */
function resultForModel(outcome: CallOutcome): { text: string; isError: boolean } {
  if (outcome.kind !== 'called') return { text: `Not called: ${outcome.reason}`, isError: true };
  const observation = outcome.observation;
  if (observation.kind === 'rpcError')
    return { text: `JSON-RPC error ${observation.code ?? ''}: ${observation.message}`, isError: true };
  const texts = textsOf(observation.result);
  const structured = observation.result.structuredContent;
  const text =
    texts.length > 0
      ? texts.join('\n')
      : structured !== undefined
        ? JSON.stringify(structured)
        : JSON.stringify(observation.result.content ?? []);
  const cut =
    text.length > RESULT_TEXT_MAX
      ? `${text.slice(0, RESULT_TEXT_MAX)}\n[cut: ${text.length - RESULT_TEXT_MAX} more characters]`
      : text;
  return { text: cut, isError: observation.result.isError === true };
}

/** The tools the model chose in a transcript, by server name (or the model's name for an unknown one). */
export function chosenTools(transcript: LoopTranscript): string[] {
  return transcript.steps.flatMap((step) => step.calls.map((call) => call.serverName ?? call.modelName));
}
