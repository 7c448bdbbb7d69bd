// What a prompt get (or any one request) keeps of the person's answers: its own input rounds and a
// legacy server's requests (which name no request), not another request's rounds; nothing after stop.
import { describe, expect, it } from 'vitest';
import { RootsStore } from '../../../shared/core';
import { AnswerRouter } from '../../bridge/answerRouter';
import { pageAnswerer } from '../../bridge/pageAnswerer';
import { ServerRequestQueue } from '../../bridge/serverRequests';
import { hearAnswers } from './heardAnswers';

const FORM = {
  mode: 'form' as const,
  message: 'Who?',
  requestedSchema: { type: 'object' as const, properties: {} },
};

describe('hearAnswers', () => {
  it("keeps its own rounds' answers and a legacy request's, not another request's", async () => {
    const requests = new ServerRequestQueue();
    requests.subscribe(() => {
      for (const ask of requests.getSnapshot()) {
        const who = ask.origin?.owner ?? 'legacy';
        if (ask.kind === 'elicitation') requests.answer(ask.id, { action: 'accept', content: { who } });
        if (ask.kind === 'sampling')
          requests.answer(ask.id, { role: 'assistant', model: 'm', content: { type: 'text', text: who } });
      }
    });
    const router = new AnswerRouter(pageAnswerer(requests, new RootsStore()));
    const signal = new AbortController().signal;
    const origin = (owner: string) => ({ owner, round: 1, key: 'k' });

    const heard = hearAnswers(router, 'prompt:greeting');
    await router.answerer.elicit(FORM, { signal, origin: origin('prompt:greeting') });
    await router.answerer.elicit(FORM, { signal, origin: origin('call:7') });
    await router.answerer.sample({ messages: [], maxTokens: 5 }, { signal });
    expect(heard.stop()).toEqual({
      elicitation: { action: 'accept', content: { who: 'prompt:greeting' } },
      samplingReply: 'legacy',
    });
    await router.answerer.elicit(FORM, { signal, origin: origin('prompt:greeting') });
    expect(heard.stop()).toEqual({
      elicitation: { action: 'accept', content: { who: 'prompt:greeting' } },
      samplingReply: 'legacy',
    });
    expect(hearAnswers(router, 'prompt:other').stop()).toBeUndefined();
  });
});
