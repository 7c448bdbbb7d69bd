import type { Tool } from '@modelcontextprotocol/client';
import type { Observation, SchemaValidator } from '../../../shared/collections/expectations';
import type { ConversationTurn, TokenUsage } from '../../../shared/models/conversation';
import {
  runModelLoop,
  type Approval,
  type LoopEnd,
  type ModelStepper,
  type ProposedCall,
} from '../../../shared/models/modelLoop';
import type { ToolTranslation } from '../../../shared/models/toolTranslation';

/**
 * The Playground's chat: the person's prompts, and each model step as it streams, its proposed
 * calls checked, approved and made by the shared model loop (shared/models/modelLoop.ts, what
 * `eval` runs), so the page and the CLI decide alike. The page brings the model (through the
 * bridge), the call path (the tools workbench's) and the person's approval; this keeps what the
 * view draws. Not server data, so a small store React reads with useSyncExternalStore.
 */

/** A call the model proposed, as far as it has gone. */
export interface ChatCall {
  /** The provider's id for the call. */
  id: string;
  modelName: string;
  argumentsText: string;
  /** Waiting for the person's approval. */
  awaitingApproval?: boolean;
  /** The page's call record (the traffic's frames, the result card), once sent. */
  recordId?: number;
  /** Once handled: checked, and called or not with why. */
  handled?: ProposedCall;
}

export interface ChatStep {
  text: string;
  streaming: boolean;
  calls: ChatCall[];
  usage?: TokenUsage;
  stopReason?: string;
}

export interface ChatTurn {
  prompt: string;
  steps: ChatStep[];
  /** How the turn ended; none while it runs. */
  end?: LoopEnd;
}

export interface PendingApproval {
  tool: Tool;
  args: Record<string, unknown>;
}

export interface ChatState {
  turns: ChatTurn[];
  running: boolean;
  approval?: PendingApproval;
}

/** What the page brings to the chat. */
export interface ChatDeps {
  step: ModelStepper;
  validate: SchemaValidator;
  failureOf(error: unknown): { kind: string; message: string } | undefined;
  /** Whether the page asks the person before running this tool (its per-tool and per-server rules). */
  mustAsk(tool: Tool): boolean;
  /** Makes the call as a manual call is made: its record at once, its outcome when it ends. */
  startCall(
    tool: Tool,
    args: Record<string, unknown>,
  ): { recordId: number; ended: Promise<Observation | { kind: 'failed'; reason: string }> };
  cancelCall(recordId: number): void;
}

export interface TurnRequest {
  prompt: string;
  system?: string | undefined;
  /** The server's tools given (a subset, maybe) and their translation for the provider. */
  tools: readonly Tool[];
  translation: ToolTranslation;
  maxSteps: number;
}

export class PlaygroundChat {
  private state: ChatState = { turns: [], running: false };
  private listeners = new Set<() => void>();
  /** The conversation the model has seen so far: each turn's prompt goes on from it. */
  private history: ConversationTurn[] = [];
  private controller: AbortController | undefined;
  private approvalAnswer: ((approval: Approval) => void) | undefined;
  private runningRecord: number | undefined;

  constructor(private readonly deps: ChatDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatState => this.state;

  /** Asks the model with this prompt, then goes on until it answers, is stopped or fails. */
  async send(request: TurnRequest): Promise<void> {
    if (this.state.running) return;
    const controller = new AbortController();
    this.controller = controller;
    this.set({ turns: [...this.state.turns, { prompt: request.prompt, steps: [] }], running: true });
    /** Which call of the current step the loop is on (it handles them one after the other). */
    let cursor = 0;
    const transcript = await runModelLoop({
      prompt: request.prompt,
      history: this.history,
      system: request.system,
      maxSteps: request.maxSteps,
      translation: request.translation,
      serverTools: request.tools,
      validate: this.deps.validate,
      failureOf: this.deps.failureOf,
      signal: controller.signal,
      step: async (asked) => {
        cursor = 0;
        this.patchTurn((turn) => ({
          ...turn,
          steps: [...turn.steps, { text: '', streaming: true, calls: [] }],
        }));
        const answer = await this.deps
          .step({
            ...asked,
            onText: (delta) => this.patchStep((step) => ({ ...step, text: step.text + delta })),
          })
          .catch((error: unknown) => {
            this.patchStep((step) => ({ ...step, streaming: false }));
            throw error;
          });
        this.patchStep(() => ({
          text: answer.text,
          streaming: false,
          usage: answer.usage,
          stopReason: answer.stopReason,
          calls: answer.toolCalls.map((call) => ({
            id: call.id,
            modelName: call.name,
            argumentsText: call.argumentsText,
          })),
        }));
        return answer;
      },
      approve: (tool, args) => {
        if (!this.deps.mustAsk(tool)) return Promise.resolve({ allowed: true });
        const at = cursor;
        this.patchCall(at, (call) => ({ ...call, awaitingApproval: true }));
        this.set({ ...this.state, approval: { tool, args } });
        return new Promise<Approval>((resolve) => {
          this.approvalAnswer = (approval) => {
            this.approvalAnswer = undefined;
            const { approval: _answered, ...rest } = this.state;
            this.set(rest);
            this.patchCall(at, (call) => ({ ...call, awaitingApproval: false }));
            resolve(approval);
          };
        });
      },
      callTool: async (tool, args) => {
        const { recordId, ended } = this.deps.startCall(tool, args);
        this.runningRecord = recordId;
        this.patchCall(cursor, (call) => ({ ...call, recordId }));
        try {
          return await ended;
        } finally {
          this.runningRecord = undefined;
        }
      },
      onCall: (handled) => {
        this.patchCall(cursor, (call) => ({ ...call, handled }));
        cursor += 1;
      },
    });
    this.history = transcript.turns;
    this.controller = undefined;
    this.patchTurn((turn) => ({ ...turn, end: transcript.end }));
    this.set({ ...this.state, running: false });
  }

  /** The person's answer to the approval asked. */
  answerApproval(allowed: boolean): void {
    this.approvalAnswer?.(
      allowed ? { allowed: true } : { allowed: false, reason: 'the person did not allow it' },
    );
  }

  /** Stops the turn: the model's request is aborted mid-stream, an approval asked is refused, a call running is cancelled. */
  cancel(): void {
    this.controller?.abort();
    this.approvalAnswer?.({ allowed: false, reason: 'the person stopped the turn' });
    if (this.runningRecord !== undefined) this.deps.cancelCall(this.runningRecord);
  }

  /** A new conversation: the model forgets the earlier turns. */
  clear(): void {
    if (this.state.running) return;
    this.history = [];
    this.set({ turns: [], running: false });
  }

  private set(state: ChatState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  private patchTurn(patch: (turn: ChatTurn) => ChatTurn): void {
    const turns = this.state.turns;
    const last = turns[turns.length - 1];
    if (!last) return;
    this.set({ ...this.state, turns: [...turns.slice(0, -1), patch(last)] });
  }

  private patchStep(patch: (step: ChatStep) => ChatStep): void {
    this.patchTurn((turn) => {
      const last = turn.steps[turn.steps.length - 1];
      return last ? { ...turn, steps: [...turn.steps.slice(0, -1), patch(last)] } : turn;
    });
  }

  private patchCall(index: number, patch: (call: ChatCall) => ChatCall): void {
    this.patchStep((step) => ({
      ...step,
      calls: step.calls.map((call, at) => (at === index ? patch(call) : call)),
    }));
  }
}

/** A turn's tokens and cost, summed over its steps; each left out when no step reported it. */
export function turnUsage(turn: ChatTurn): TokenUsage {
  const sum = (key: keyof TokenUsage): number | undefined => {
    const values = turn.steps.flatMap((step) => (step.usage?.[key] === undefined ? [] : [step.usage[key]]));
    return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0);
  };
  const input = sum('input');
  const output = sum('output');
  const cost = sum('cost');
  return {
    ...(input === undefined ? {} : { input }),
    ...(output === undefined ? {} : { output }),
    ...(cost === undefined ? {} : { cost }),
  };
}
