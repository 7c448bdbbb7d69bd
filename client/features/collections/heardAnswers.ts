import type { AnswerRouter } from '../../bridge/answerRouter';
import type { ItemAnswers } from '../../../shared/collections/format';
import { withGivenAnswer } from '../../../shared/collections/recordedAnswers';

/**
 * The answers the person gives while one request is under way, as an item saves them: those of
 * its own input rounds (asked under `owner`) and a legacy server's own requests, which name no
 * request. `stop()` ends the listening and says what was heard (undefined for nothing).
 */
export function hearAnswers(
  answers: Pick<AnswerRouter, 'onAnswered'>,
  owner: string,
): { stop(): ItemAnswers | undefined } {
  let heard: ItemAnswers | undefined;
  const unsubscribe = answers.onAnswered(({ origin, ...given }) => {
    if (origin === undefined || origin.owner === owner) heard = withGivenAnswer(heard, given);
  });
  return {
    stop: () => {
      unsubscribe();
      return heard;
    },
  };
}
