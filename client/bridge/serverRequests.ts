import { ProtocolError } from '@modelcontextprotocol/client';
import type {
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequest,
  ElicitResult,
} from '@modelcontextprotocol/client';

import type { AbortSignalLike, AskOrigin } from '../../shared/core';

export type { AskOrigin } from '../../shared/core';

interface Common {
  id: number;
  receivedAt: number;
  origin?: AskOrigin;
}

/** A request from the server that waits for the person in front of the page. */
export type PendingServerRequest =
  | (Common & { kind: 'sampling'; params: CreateMessageRequest['params'] })
  | (Common & { kind: 'elicitation'; params: ElicitRequest['params'] })
  /** An elicitation the SDK would refuse as malformed: shown anyway, so it can be declined. */
  | (Common & { kind: 'malformed-elicitation'; params: unknown; problem: string });

type Answer = CreateMessageResult | CreateMessageResultWithTools | ElicitResult;

/** MCP's suggested code for a person refusing a sampling request. */
export const USER_REJECTED = -1;

/**
 * The server's requests waiting for an answer. Each waits on its own: an unanswered one
 * blocks nothing else, and one the server cancels (or whose connection closes) leaves.
 */
export class ServerRequestQueue {
  private items: PendingServerRequest[] = [];
  private settle = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private listeners = new Set<() => void>();

  ask(
    kind: 'sampling',
    params: CreateMessageRequest['params'],
    signal: AbortSignalLike,
    origin?: AskOrigin,
  ): Promise<CreateMessageResult | CreateMessageResultWithTools>;
  ask(
    kind: 'elicitation',
    params: ElicitRequest['params'],
    signal: AbortSignalLike,
    origin?: AskOrigin,
  ): Promise<ElicitResult>;
  ask(
    kind: PendingServerRequest['kind'],
    params: unknown,
    signal: AbortSignalLike,
    origin?: AskOrigin,
  ): Promise<Answer> {
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.settle.set(id, { resolve, reject });
      const item = { id, kind, params, receivedAt: Date.now(), ...(origin ? { origin } : {}) };
      this.items = [...this.items, item as PendingServerRequest];
      this.changed();
      signal.addEventListener('abort', () => this.remove(id)?.reject(new Error('cancelled')), { once: true });
    });
  }

  /** An elicitation whose params are not valid: the person may only decline or cancel it. */
  askMalformed(params: unknown, problem: string): Promise<ElicitResult> {
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.settle.set(id, { resolve, reject });
      this.items = [
        ...this.items,
        { id, kind: 'malformed-elicitation', params, problem, receivedAt: Date.now() },
      ];
      this.changed();
    }) as Promise<ElicitResult>;
  }

  answer(id: number, answer: Answer): void {
    this.remove(id)?.resolve(answer);
  }

  /** Answers with a JSON-RPC error, e.g. a person rejecting a sampling request. */
  refuse(id: number, code: number, message: string): void {
    this.remove(id)?.reject(new ProtocolError(code, message));
  }

  /** The connection is gone: nothing can be answered any more. */
  clear(): void {
    for (const id of [...this.settle.keys()]) this.remove(id)?.reject(new Error('connection closed'));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly PendingServerRequest[] => this.items;

  private remove(id: number) {
    const settle = this.settle.get(id);
    if (!settle) return undefined;
    this.settle.delete(id);
    this.items = this.items.filter((item) => item.id !== id);
    this.changed();
    return settle;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
