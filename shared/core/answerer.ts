import type {
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequest,
  ElicitResult,
  Root,
} from '@modelcontextprotocol/client';
import type { AbortSignalLike } from './platform.js';

/**
 * Where an ask came from when it is part of a call the shell made: an `input_required` round of a
 * modern multi round-trip request, under the server's key. A legacy server's own requests
 * (sampling/createMessage, elicitation/create) have none: they belong to no one call.
 */
export interface AskOrigin {
  /** What asked, e.g. `call:3` (a tool call), `prompt:greeting`, `resource:demo://x`. */
  owner: string;
  /** Which round of the call asked (1 for the first answer). */
  round: number;
  /** The server's key for this input in `inputRequests`. */
  key: string;
}

export interface AskContext {
  /** Aborts when the server cancels the ask, the call is cancelled or the connection closes. */
  signal: AbortSignalLike;
  origin?: AskOrigin;
}

/**
 * Who answers what a server asks of the client: on the page, the person through a form; in the
 * terminal, flags, a file or a prompt. Both eras' asks come here: a legacy server's requests and
 * a modern server's `input_required` rounds. A refusal is a rejection (for sampling, with a
 * `ProtocolError` carrying the code to send back).
 */
export interface Answerer {
  elicit(params: ElicitRequest['params'], context: AskContext): Promise<ElicitResult>;
  sample(
    params: CreateMessageRequest['params'],
    context: AskContext,
  ): Promise<CreateMessageResult | CreateMessageResultWithTools>;
  /**
   * It can answer a tool-enabled sampling request with tool_use (the page's reply form and its
   * model's draft can): the client then declares `sampling.tools`, and servers may send `tools`.
   */
  readonly samplingTools?: boolean;
  /** The roots offered to servers (roots/list). */
  roots(): Root[];
  /**
   * Whether anything waits on the answerer now, and a way to hear when that changes: a call's
   * timer pauses meanwhile, since time a person spends answering is not the server's. Without
   * these the core counts the asks it puts to the answerer itself (see `watchAnswerer`).
   */
  isBusy?(): boolean;
  onBusyChange?(listener: () => void): () => void;
}

/** An answerer whose busy state is always known. */
export type WatchedAnswerer = Answerer & Required<Pick<Answerer, 'isBusy' | 'onBusyChange'>>;

/**
 * The answerer as the core uses it: one that says when it is busy is taken as is; otherwise the
 * asks put to it are counted, and it is busy while any is unanswered.
 */
export function watchAnswerer(answerer: Answerer): WatchedAnswerer {
  if (answerer.isBusy && answerer.onBusyChange) return answerer as WatchedAnswerer;
  let open = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const counted = async <T>(ask: () => Promise<T>): Promise<T> => {
    open += 1;
    if (open === 1) changed();
    try {
      return await ask();
    } finally {
      open -= 1;
      if (open === 0) changed();
    }
  };
  return {
    elicit: (params, context) => counted(() => answerer.elicit(params, context)),
    sample: (params, context) => counted(() => answerer.sample(params, context)),
    roots: () => answerer.roots(),
    ...(answerer.samplingTools ? { samplingTools: true } : {}),
    isBusy: () => open > 0,
    onBusyChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
