import type { Tool } from '@modelcontextprotocol/client';
import type { EvalItem } from '../../../shared/collections/evalFormat';
import {
  runEvals,
  toolChoicesOf,
  type EvalResult,
  type EvalRunResult,
  type ToolChoice,
} from '../../../shared/models/evalRunner';
import type { Approval } from '../../../shared/models/modelLoop';
import type { ProviderKind } from '../../../shared/models/toolTranslation';
import type { ChatDeps, PendingApproval } from '../playground/playgroundChat';

/**
 * An eval run from the page: the shared runner (shared/models/evalRunner.ts, what `mcp-inspect
 * eval` runs, so the verdicts are the CLI's) given the page's model (the bridge's provider), the
 * page's call path (the tools workbench's call log: each call's record, card and frames) and the
 * page's approval rules. One run at a time per connection; Stop aborts it mid-way. A small store
 * React reads with useSyncExternalStore.
 */

/** Where a call the model made lives in the page: its card (the call log's record) and its frames. */
export interface EvalCallLink {
  recordId: number;
  tool: string;
  /** The traffic log's end when the call was sent: its tools/call request is the first after it. */
  trafficFrom: number;
}

export interface PageEvalRun extends EvalRunResult {
  /** The calls made in this run, in order (those refused or flagged were never sent). */
  links: EvalCallLink[];
}

export interface EvalRunState {
  name: string;
  /** Runs asked for. */
  of: number;
  threshold: number;
  runs: PageEvalRun[];
  status: 'running' | 'passed' | 'failed' | 'cancelled' | 'stopped';
  /** How often the model chose each tool over the runs so far. */
  toolChoices: ToolChoice[];
  /** Tools the eval names that the server does not list, or the provider cannot take. */
  missingTools: string[];
  /** A provider failure that ended the run (a refused key, an unreachable provider). */
  stopped?: { kind: string; message: string };
}

export interface EvalSessionState {
  /** The last run of each eval, by name. */
  runs: Record<string, EvalRunState>;
  /** The eval running now. */
  running?: string;
  /** A destructive tool the model proposed, waiting for the person. */
  approval?: PendingApproval & { evalName: string };
}

export interface EvalDeps extends ChatDeps {
  /** The traffic log's end now (its absolute position after the newest record). */
  trafficEnd(): number;
}

export interface EvalRunRequest {
  provider: ProviderKind;
  model: string;
  serverTools: readonly Tool[];
}

export class EvalSession {
  private state: EvalSessionState = { runs: {} };
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | undefined;
  private approvalAnswer: ((approval: Approval) => void) | undefined;
  private runningRecord: number | undefined;

  constructor(private readonly deps: EvalDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EvalSessionState => this.state;

  /** Runs the eval its K times; resolves when it is done, stopped or cancelled. */
  async run(item: EvalItem, request: EvalRunRequest): Promise<void> {
    if (this.state.running !== undefined) return;
    const controller = new AbortController();
    this.controller = controller;
    const of = item.runs ?? 1;
    const threshold = item.threshold ?? 1;
    const fresh: EvalRunState = {
      name: item.name,
      of,
      threshold,
      runs: [],
      status: 'running',
      toolChoices: [],
      missingTools: [],
    };
    this.set({ ...this.state, running: item.name, runs: { ...this.state.runs, [item.name]: fresh } });
    /** The calls sent in the run in flight, taken by its result when it ends. */
    let links: EvalCallLink[] = [];
    let result: EvalResult | undefined;
    let suiteStopped: { kind: string; message: string } | undefined;
    let cancelled = false;
    try {
      const suite = await runEvals([item], {
        provider: request.provider,
        model: request.model,
        step: this.deps.step,
        serverTools: request.serverTools,
        validate: this.deps.validate,
        failureOf: this.deps.failureOf,
        signal: controller.signal,
        approve: (tool, args) => this.approve(item.name, tool, args),
        callTool: async (tool, args) => {
          const trafficFrom = this.deps.trafficEnd();
          const { recordId, ended } = this.deps.startCall(tool, args);
          links.push({ recordId, tool: tool.name, trafficFrom });
          this.runningRecord = recordId;
          try {
            return await ended;
          } finally {
            this.runningRecord = undefined;
          }
        },
        onRunDone: (_item, run) => {
          const done: PageEvalRun = { ...run, links };
          links = [];
          this.patch(item.name, (current) => {
            const runs = [...current.runs, done];
            return { ...current, runs, toolChoices: toolChoicesOf(runs) };
          });
        },
      });
      result = suite.evals[0];
      suiteStopped = suite.stopped;
      cancelled = suite.cancelled === true;
    } catch (error) {
      suiteStopped = { kind: 'page', message: `the run stopped: ${(error as Error).message}` };
    }
    this.controller = undefined;
    this.patch(item.name, (current) => ({
      ...current,
      missingTools: result?.missingTools ?? [],
      ...(suiteStopped ? { stopped: suiteStopped } : {}),
      status: cancelled
        ? 'cancelled'
        : suiteStopped
          ? 'stopped'
          : result?.pass === true
            ? 'passed'
            : 'failed',
    }));
    const { running: _done, ...rest } = this.state;
    this.set(rest);
  }

  /** The person's answer to the approval asked. */
  answerApproval(allowed: boolean): void {
    this.approvalAnswer?.(
      allowed ? { allowed: true } : { allowed: false, reason: 'the person did not allow it' },
    );
  }

  /** Stops the run mid-way: the model's request aborted, an approval asked refused, a call running cancelled. */
  cancel(): void {
    this.controller?.abort();
    this.approvalAnswer?.({ allowed: false, reason: 'the person stopped the eval' });
    if (this.runningRecord !== undefined) this.deps.cancelCall(this.runningRecord);
  }

  /** The page's rule, where the eval's own `destructiveTools` did not decide: ask, unless told not to. */
  private approve(evalName: string, tool: Tool, args: Record<string, unknown>): Promise<Approval> {
    if (!this.deps.mustAsk(tool)) return Promise.resolve({ allowed: true });
    if (this.controller?.signal.aborted)
      return Promise.resolve({ allowed: false, reason: 'the person stopped the eval' });
    this.set({ ...this.state, approval: { tool, args, evalName } });
    return new Promise<Approval>((resolve) => {
      this.approvalAnswer = (approval) => {
        this.approvalAnswer = undefined;
        const { approval: _answered, ...rest } = this.state;
        this.set(rest);
        resolve(approval);
      };
    });
  }

  private patch(name: string, change: (current: EvalRunState) => EvalRunState): void {
    const current = this.state.runs[name];
    if (!current) return;
    this.set({ ...this.state, runs: { ...this.state.runs, [name]: change(current) } });
  }

  private set(state: EvalSessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
