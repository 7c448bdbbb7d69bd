import type { Answerer, AskOrigin, WatchedAnswerer } from '../../shared/core';
import type { GivenAnswer } from '../../shared/collections/recordedAnswers';

/** An answer the person gave, and what asked for it (none for a legacy server's own request). */
export type AnswerGiven = GivenAnswer & { origin?: AskOrigin };

/**
 * The page's answerer as the session hands it out, around the person's (the request queue):
 * - every answer the person gives is told to whoever listens (the call log keeps a call's
 *   answers with it, so "Save to collection" saves them);
 * - while a collection runs, a legacy server's own requests (no origin: they belong to no call)
 *   go to the run's answerer, which answers from the item's saved answers, not to the person.
 *   A modern server's input rounds carry their call and reach the run's answerer directly.
 */
export class AnswerRouter {
  private diverted: Answerer | undefined;
  private readonly listeners = new Set<(given: AnswerGiven) => void>();
  readonly answerer: WatchedAnswerer;

  constructor(person: WatchedAnswerer) {
    this.answerer = {
      elicit: async (params, context) => {
        if (this.diverted && !context.origin) return this.diverted.elicit(params, context);
        const answer = await person.elicit(params, context);
        this.tell({
          method: 'elicitation/create',
          answer,
          ...(context.origin ? { origin: context.origin } : {}),
        });
        return answer;
      },
      sample: async (params, context) => {
        if (this.diverted && !context.origin) return this.diverted.sample(params, context);
        const answer = await person.sample(params, context);
        this.tell({
          method: 'sampling/createMessage',
          answer,
          ...(context.origin ? { origin: context.origin } : {}),
        });
        return answer;
      },
      roots: () => person.roots(),
      ...(person.samplingTools ? { samplingTools: true } : {}),
      isBusy: () => person.isBusy(),
      onBusyChange: (listener) => person.onBusyChange(listener),
    };
  }

  /** Sends the asks that belong to no call to `answerer` until the returned function is called. */
  divert(answerer: Answerer): () => void {
    this.diverted = answerer;
    return () => {
      if (this.diverted === answerer) this.diverted = undefined;
    };
  }

  onAnswered(listener: (given: AnswerGiven) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(given: AnswerGiven): void {
    for (const listener of this.listeners) listener(given);
  }
}
