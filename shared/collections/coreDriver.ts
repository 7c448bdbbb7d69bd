import {
  ProtocolError,
  type Client,
  type CreateMessageResult,
  type Tool,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import type { Answerer, WatchedAnswerer } from '../core/answerer.js';
import { getPrompt, listTools, promptOwner, readOwner, readResource } from '../core/lists.js';
import { newAbortController, systemClock, type Clock } from '../core/platform.js';
import { callTool } from '../core/toolCall.js';
import { PERSON_SAMPLING_MODEL } from '../personSampling.js';
import type { Observation } from './expectations.js';
import type { ItemAnswers } from './format.js';
import type { CollectionDriver, NoAnswer } from './runner.js';

/** MCP's suggested code for a refused sampling request. */
const USER_REJECTED = -1;

/**
 * The answerer of a run: the server's requests during an item (a modern input round, or a legacy
 * server's own elicitation/create and sampling/createMessage) are answered with that item's saved
 * answers (items run one at a time). An ask the item has no answer for is refused at once (an
 * elicitation cancelled, a sampling request rejected), so nothing waits on a person who is not
 * there, and the item fails saying which answer it lacks.
 */
export class ItemAnswerer implements Answerer {
  private answers: ItemAnswers = {};
  private lacking = new Set<string>();

  use(answers: ItemAnswers): void {
    this.answers = answers;
    this.lacking.clear();
  }

  /** Why the current item cannot pass: the asks it had no saved answer for, or undefined. */
  missing(): string | undefined {
    if (this.lacking.size === 0) return undefined;
    return [...this.lacking].map((method) => `no saved answer for ${method}`).join('; ');
  }

  elicit(): Promise<ElicitResult> {
    const answer = this.answers.elicitation;
    if (!answer) {
      this.lacking.add('elicitation/create');
      return Promise.resolve({ action: 'cancel' });
    }
    return Promise.resolve(
      answer.action === 'accept'
        ? { action: 'accept', content: answer.content as ElicitResult['content'] }
        : { action: answer.action },
    );
  }

  sample(): Promise<CreateMessageResult> {
    const text = this.answers.samplingReply;
    if (text === undefined) {
      this.lacking.add('sampling/createMessage');
      return Promise.reject(
        new ProtocolError(
          USER_REJECTED,
          'the collection item has no samplingReply for this sampling request',
        ),
      );
    }
    return Promise.resolve({
      role: 'assistant',
      content: { type: 'text', text },
      model: PERSON_SAMPLING_MODEL,
      stopReason: 'endTurn',
    });
  }

  roots() {
    return [];
  }
}

export interface CoreDriverOptions {
  client: Client;
  /** The client's answerer (from createCoreClient), made over `items`. */
  answerer: WatchedAnswerer;
  items: ItemAnswerer;
  timeoutMs: number;
  /** Where the timeout is set, said when it expires ("--timeout"). */
  timeoutSetting?: string;
  headers?: Parameters<typeof callTool>[0]['headers'];
  /** A failure that ends the run (the connection is gone), thrown instead of failing one item. */
  fatal?: () => Error | undefined;
  clock?: Clock;
  /** The owner of each call's asks. */
  owner?: (index: number) => string;
}

/** A driver over the core: tool calls exactly as `call` and the page make them. */
export function coreDriver(options: CoreDriverOptions): CollectionDriver {
  const { client, answerer, items, timeoutMs } = options;
  const clock = options.clock ?? systemClock;
  let calls = 0;
  const failed = (reason: string): NoAnswer => {
    const fatal = options.fatal?.();
    if (fatal) throw fatal;
    return { kind: 'failed', reason };
  };
  /** An answer the server got only because the item lacked a saved one proves nothing: the item fails. */
  const unlessLacking = (observed: Observation | NoAnswer): Observation | NoAnswer => {
    const lacking = items.missing();
    if (lacking === undefined) return observed;
    return failed(observed.kind === 'failed' ? `${lacking} (${observed.reason})` : lacking);
  };
  const request = async (
    what: string,
    run: (signal: ReturnType<typeof newAbortController>['signal']) => Promise<unknown>,
  ): Promise<Observation | NoAnswer> => {
    const controller = newAbortController();
    const timer = clock.setTimeout(
      () => controller.abort(new Error(`${what}: no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const started = clock.now();
    try {
      const result = (await run(controller.signal)) as Record<string, unknown>;
      return { kind: 'result', result, durationMs: clock.now() - started };
    } catch (error) {
      if (error instanceof ProtocolError && !options.fatal?.())
        return {
          kind: 'rpcError',
          code: error.code,
          message: error.message,
          ...(error.data === undefined ? {} : { data: error.data }),
          durationMs: clock.now() - started,
        };
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      return failed(reason instanceof Error ? reason.message : String(reason));
    } finally {
      clock.clearTimeout(timer);
    }
  };
  return {
    listTools: async () => (await listTools(client)).items,
    callTool: async (tool, args, answers) => unlessLacking(await call(tool, args, answers)),
    getPrompt: async (name, args, answers) => {
      items.use(answers);
      return unlessLacking(
        await request(`prompts/get ${name}`, (signal) =>
          getPrompt(client, name, args, { answerer, owner: promptOwner(name), signal }),
        ),
      );
    },
    readResource: async (uri, answers) => {
      items.use(answers);
      return unlessLacking(
        await request(`resources/read ${uri}`, (signal) =>
          readResource(client, uri, { answerer, owner: readOwner(uri), signal }),
        ),
      );
    },
  };

  async function call(
    tool: Tool,
    args: Record<string, unknown>,
    answers: ItemAnswers,
  ): Promise<Observation | NoAnswer> {
    items.use(answers);
    calls += 1;
    const ended = await callTool({
      client,
      tool,
      args,
      timeoutMs,
      answerer,
      owner: options.owner?.(calls) ?? `collection:${calls}`,
      ...(options.timeoutSetting ? { timeoutSetting: options.timeoutSetting } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      clock,
    });
    if (ended.status !== 'done') return failed(ended.reason);
    const { outcome } = ended;
    if (outcome.kind === 'result')
      return {
        kind: 'result',
        result: outcome.result as Record<string, unknown>,
        durationMs: outcome.durationMs,
      };
    if (outcome.code === undefined) return failed(outcome.message);
    if (options.fatal?.()) return failed(outcome.message);
    return {
      kind: 'rpcError',
      code: outcome.code,
      message: outcome.message,
      ...(outcome.data === undefined ? {} : { data: outcome.data }),
      durationMs: outcome.durationMs,
    };
  }
}
