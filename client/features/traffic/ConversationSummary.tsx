import { formatLatency } from '../../components/format';
import type { Conversation, TrafficRow } from '../../../shared/core/traffic/trafficRows';

/**
 * The rounds of one multi round-trip call, for the detail of any of them: each round's latency
 * and the total from the first request to the last answer, the person's think time included.
 */
export function ConversationSummary({
  conversation,
  current,
}: {
  conversation: Conversation;
  current: TrafficRow;
}) {
  const first = conversation.rounds[0];
  const last = conversation.rounds.at(-1);
  const lastAnswer = last?.pair;
  const total = first && lastAnswer ? lastAnswer.record.t - first.record.t : undefined;
  return (
    <section className="conversation" aria-label="Rounds of this call">
      <p>
        One call in {conversation.rounds.length} round{conversation.rounds.length === 1 ? '' : 's'}
        {conversation.done ? '' : ' (still waiting for input)'}
        {total !== undefined && conversation.done ? `, ${formatLatency(total)} in all` : ''}:
      </p>
      <ol>
        {conversation.rounds.map((round, index) => (
          <li key={round.position} aria-current={round === current ? 'true' : undefined}>
            #{round.record.seq} → {round.pair ? `#${round.pair.record.seq}` : 'no answer yet'}
            {round.latencyMs !== undefined && ` · ${formatLatency(round.latencyMs)}`}
            {index < conversation.rounds.length - 1 || !conversation.done
              ? ' · input required'
              : ' · complete'}
          </li>
        ))}
      </ol>
    </section>
  );
}
