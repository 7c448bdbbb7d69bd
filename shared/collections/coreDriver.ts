import {
  ProtocolError,
  type Client,
  type CreateMessageResult,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import type { Answerer, WatchedAnswerer } from '../core/answerer.js';
import { getPrompt, listTools, promptOwner, readOwner, readResource } from '../core/lists.js';
import { newAbortController, systemClock, type Clock } from '../core/platform.js';
import { callTool } from '../core/toolCall.js';
import type { Observation } from './expectations.js';
import type { ItemAnswers } from './format.js';
import type { CollectionDriver, NoAnswer } from './runner.js';

/** MCP's suggested code for a refused sampling request. */
const USER_REJECTED = -1;

/**
 * The answerer of a run: the server's requests during an item are answered with that item's
 * saved answers (items run one at a time), and declined when it has none.
 */
export class ItemAnswerer implements Answerer {
  private answers: ItemAnswers = {};

  use(answers: ItemAnswers): void {
    this.answers = answers;
  }

  elicit(): Promise<ElicitResult> {
    const answer = this.answers.elicitation;
    if (!answer) return Promise.resolve({ action: 'decline' });
    return Promise.resolve(
      answer.action === 'accept'
        ? { action: 'accept', content: answer.content as ElicitResult['content'] }
        : { action: answer.action },
    );
  }

  sample(): Promise<CreateMessageResult> {
    const text = this.answers.samplingReply;
    if (text === undefined)
      return Promise.reject(
        new ProtocolError(
          USER_REJECTED,
          'the collection item has no samplingReply for this sampling request',
        ),
      );
    return Promise.resolve({
      role: 'assistant',
      content: { type: 'text', text },
      model: 'mcp-inspect collection',
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
    callTool: async (tool, args, answers) => {
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
    },
    getPrompt: (name, args, answers) => {
      items.use(answers);
      return request(`prompts/get ${name}`, (signal) =>
        getPrompt(client, name, args, { answerer, owner: promptOwner(name), signal }),
      );
    },
    readResource: (uri, answers) => {
      items.use(answers);
      return request(`resources/read ${uri}`, (signal) =>
        readResource(client, uri, { answerer, owner: readOwner(uri), signal }),
      );
    },
  };
}
