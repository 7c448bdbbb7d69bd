// mcp-inspect's own overhead per model step, against the provider stand-in's time, in the same
// run: `node --import tsx bench/modelStepOnly.ts`. The model loop (shared/models/modelLoop.ts,
// what `eval` runs) drives the official `openai` client against the scripted OpenAI stand-in and
// the demo server in memory. Per step it measures
//   - the stand-in's time: its request received → its answer's last byte sent;
//   - provider's last byte → the tool call sent (the client parsing the stream, the loop checking
//     the call against the tools given and the inputSchema);
//   - the tool's result → the next provider request received, split into the loop's part (the
//     result turned into the model's text, the conversation extended) and the official client's
//     (the request built and sent).
// The tool call itself (the demo server's time) is printed apart, for scale.
import type { Tool } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { serveDemoConnection } from '../server/demo/demoStdio.js';
import { makeProvider } from '../server/models/providerSettings.js';
import { ModelFailure } from '../server/models/modelFailure.js';
import { startOpenAIStandIn, type ScriptedTurn } from '../server/testSupport/modelStandIns.js';
import { schemaValidator } from '../server/session/schemaValidator.js';
import { runModelLoop } from '../shared/models/modelLoop.js';
import { translateTools } from '../shared/models/toolTranslation.js';
import { median } from './stats.js';

const LOOPS = 40;
const CALLS_PER_LOOP = 3;

const turns: ScriptedTurn[] = [];
for (let loop = 0; loop < LOOPS; loop += 1) {
  for (let call = 0; call < CALLS_PER_LOOP; call += 1)
    turns.push({ text: 'Echoing.', calls: [{ name: 'echo', arguments: { message: `m${loop}-${call}` } }] });
  turns.push({ text: 'Done.' });
}
const standIn = await startOpenAIStandIn(turns);
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const demo = serveDemoConnection(serverSide);
const client = new Client({ name: 'model-step-bench', version: '1' });
await client.connect(clientSide);
const tools = (await client.listTools()).tools;
const provider = await makeProvider({
  kind: 'openai',
  model: 'scripted',
  baseUrl: standIn.baseUrl,
  apiKey: 'bench',
  maxRetries: 0,
  timeoutMs: 30_000,
});
const translation = translateTools('openai', tools);

const lastByteToCall: number[] = [];
const resultToRequest: number[] = [];
const resultToStep: number[] = [];
const lastByteToStep: number[] = [];
const stepToCall: number[] = [];
let stepResolvedAt = 0;
const stepToRequest: number[] = [];
const callMs: number[] = [];
for (let loop = 0; loop < LOOPS; loop += 1) {
  const resultsAt: number[] = [];
  const stepsAt: number[] = [];
  const first = standIn.requests.length;
  await runModelLoop({
    step: (request) => {
      stepsAt.push(performance.now());
      return provider.step(request).then((step) => {
        stepResolvedAt = performance.now();
        return step;
      });
    },
    translation,
    serverTools: tools,
    callTool: async (tool: Tool, args) => {
      const sentAt = performance.now();
      const answeredBefore = standIn.requests[standIn.requests.length - 1]?.answeredAt ?? sentAt;
      lastByteToCall.push(sentAt - answeredBefore);
      lastByteToStep.push(stepResolvedAt - answeredBefore);
      stepToCall.push(sentAt - stepResolvedAt);
      const result = (await client.callTool({ name: tool.name, arguments: args })) as Record<string, unknown>;
      const doneAt = performance.now();
      callMs.push(doneAt - sentAt);
      resultsAt.push(doneAt);
      return { kind: 'result', result, durationMs: doneAt - sentAt };
    },
    approve: () => Promise.resolve({ allowed: true }),
    validate: schemaValidator,
    prompt: 'Echo three times.',
    maxSteps: CALLS_PER_LOOP + 1,
    failureOf: (error) =>
      error instanceof ModelFailure ? { kind: error.kind, message: error.message } : undefined,
  });
  resultsAt.forEach((at, i) => {
    const next = standIn.requests[first + i + 1];
    const stepAt = stepsAt[i + 1];
    if (!next || stepAt === undefined) return;
    resultToRequest.push(next.receivedAt - at);
    resultToStep.push(stepAt - at);
    stepToRequest.push(next.receivedAt - stepAt);
  });
}
const standInMs = standIn.requests.flatMap((request) =>
  request.answeredAt === undefined ? [] : [request.answeredAt - request.receivedAt],
);
await client.close();
await demo.close();
await standIn.close();

const ms = (value: number): string => `${value.toFixed(3)} ms`;
const standInMedian = median(standInMs);
const rows: [string, number][] = [
  ["stand-in's time per request (baseline)", standInMedian],
  ["provider's last byte → tool call sent", median(lastByteToCall)],
  ['  of which: the official client (→ step parsed)', median(lastByteToStep)],
  ['  of which: the loop (→ call checked and sent)', median(stepToCall)],
  ['tool result → next provider request', median(resultToRequest)],
  ['  of which: the loop (result → step asked)', median(resultToStep)],
  ['  of which: the official client (→ request received)', median(stepToRequest)],
  ['the tool call itself (demo server, in memory)', median(callMs)],
];
console.log(
  `model steps: ${standIn.requests.length} requests, ${lastByteToCall.length} tool calls (medians)`,
);
for (const [label, value] of rows)
  console.log(
    `  ${label.padEnd(48)} ${ms(value).padStart(12)}  ×${(value / standInMedian).toFixed(2)} of the stand-in`,
  );
