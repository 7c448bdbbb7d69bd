// What watching a Streamable HTTP response stream costs the bridge (server/targets/streamOrigins.ts,
// which links a notification to the request whose stream carried it): a 10 MB result read
// through the watch against the same body read plain, in 64 KB chunks, alternating, in one run.
// `node --import tsx bench/streamOriginsOnly.ts`.
import './machineEnvironment.js';
import { performance } from 'node:perf_hooks';
import { StreamOrigins } from '../server/targets/streamOrigins.js';
import { median } from './stats.js';

const ROUNDS = 15;
const CHUNK = 64 * 1024;
const result = {
  jsonrpc: '2.0',
  id: 1,
  result: { content: [{ type: 'text', text: 'x'.repeat(10 * 1024 * 1024) }] },
};
const notes = Array.from(
  { length: 100 },
  (_, i) =>
    `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `line ${i}` } })}\n\n`,
).join('');
const body = new TextEncoder().encode(`${notes}data: ${JSON.stringify(result)}\n\n`);

const response = (): Response =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += CHUNK) controller.enqueue(body.subarray(at, at + CHUNK));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

const plain: number[] = [];
const watched: number[] = [];
const origins = new StreamOrigins();
for (let round = 0; round <= ROUNDS; round++) {
  let start = performance.now();
  await response().text();
  const plainMs = performance.now() - start;
  start = performance.now();
  await origins.watch(response(), 1).text();
  const watchedMs = performance.now() - start;
  // The first round warms both paths up.
  if (round === 0) continue;
  plain.push(plainMs);
  watched.push(watchedMs);
}
const [p, w] = [median(plain), median(watched)];
console.log(
  `Stream watch: a ${(body.length / 1024 / 1024).toFixed(1)} MB SSE body (100 log messages, then a 10 MB result), medians of ${ROUNDS} alternating rounds`,
);
console.log(
  `  read plain ${p.toFixed(1)} ms · read through the watch ${w.toFixed(1)} ms · the watch adds ${(w - p).toFixed(1)} ms`,
);
