import { trafficHeaderLine } from '../shared/core/traffic/trafficFile.js';

/**
 * A large session as a traffic file (what the page's Import… reads): calls that overlap (up to
 * a dozen at once, 1–300 ms each), every twentieth a three-round input_required call with the
 * person's waits between rounds, progress notifications, and an HTTP exchange per call, in the
 * order and with the stamps the bridge would give them. Seeded, so every run draws the same.
 */
export function timelineSessionLines(records: number): string {
  let seed = 27;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  type Draft = { t: number; record: Record<string, unknown> };
  const drafts: Draft[] = [];
  const frame = (t: number, dir: 'toServer' | 'fromServer', message: object): Draft => ({
    t,
    record: { type: 'frame', t, dir, bytes: 120, generation: 1, message: { jsonrpc: '2.0', ...message } },
  });
  let t = 100;
  let id = 0;
  while (drafts.length < records) {
    t += random() * 25;
    id += 1;
    const duration = 1 + random() * 300;
    if (id % 20 === 0) {
      // Three rounds of one call, the person answering in between.
      let at = t;
      for (let round = 1; round <= 3; round += 1) {
        const roundId = `${id}-${round}`;
        const params =
          round === 1
            ? { name: 'book_table', arguments: {} }
            : { name: 'book_table', arguments: {}, inputResponses: {}, requestState: `s${id}-${round - 1}` };
        drafts.push(frame(at, 'toServer', { id: roundId, method: 'tools/call', params }));
        at += 5 + random() * 20;
        drafts.push(
          frame(at, 'fromServer', {
            id: roundId,
            result:
              round < 3
                ? { resultType: 'input_required', requestState: `s${id}-${round}`, inputRequests: {} }
                : { content: [{ type: 'text', text: 'booked' }] },
          }),
        );
        at += 200 + random() * 800;
      }
      continue;
    }
    drafts.push(
      frame(t, 'toServer', { id, method: 'tools/call', params: { name: 'work', arguments: { n: id } } }),
    );
    drafts.push({
      t: t + 0.2,
      record: {
        type: 'http',
        t: t + 0.2,
        generation: 1,
        method: 'POST',
        path: '/mcp',
        status: 200,
        durationMs: Math.min(duration, 3),
        requestHeaders: {},
        responseHeaders: {},
        rpcIds: [id],
        rpcMethod: 'tools/call',
      },
    });
    if (id % 3 === 0) {
      drafts.push(
        frame(t + duration / 2, 'fromServer', {
          method: 'notifications/progress',
          params: { progressToken: id, progress: 1, total: 2 },
        }),
      );
    }
    drafts.push(
      frame(t + duration, 'fromServer', { id, result: { content: [{ type: 'text', text: 'ok' }] } }),
    );
  }
  drafts.sort((a, b) => a.t - b.t);
  const lines = [trafficHeaderLine(Date.now())];
  drafts.slice(0, records).forEach((draft, index) => {
    lines.push(JSON.stringify({ ...draft.record, seq: index + 1, t: Math.round(draft.t * 1000) / 1000 }));
  });
  return `${lines.join('\n')}\n`;
}
