// mcp-inspect's own overhead per model step, against the provider stand-in's time, in the same
// run: `node --import tsx bench/modelStepOnly.ts`. The model loop (shared/models/modelLoop.ts,
// what `eval` and the page's Playground run) drives the official `openai` client against the
// scripted OpenAI stand-in and the demo server in memory, two ways:
//   - headless: the loop asks the provider itself, as `eval` does;
//   - the page's path: each step goes through the bridge's model route (server/models/
//     modelRoutes.ts, on 127.0.0.1) and comes back as NDJSON read by the page's own stepper
//     (client/features/playground/stepOverHttp.ts), as the Playground does (the browser's own
//     rendering aside).
// Per step it measures
//   - the stand-in's time: its request received → its answer's last byte sent;
//   - provider's last byte → the tool call sent (the client parsing the stream, the loop checking
//     the call against the tools given and the inputSchema; on the page's path also the bridge
//     writing the step and the page reading it);
//   - the tool's result → the next provider request received, split into the loop's part (the
//     result turned into the model's text, the conversation extended) and the rest (the request
//     built and sent: by the official client; on the page's path through the bridge first).
// The tool call itself (the demo server's time) is printed apart, for scale.
import type { AddressInfo } from 'node:net';
import type { Tool } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import express from 'express';
import { httpModelStepper, stepFailureOf } from '../client/features/playground/stepOverHttp.js';
import { serveDemoConnection } from '../server/demo/demoStdio.js';
import { modelRouter } from '../server/models/modelRoutes.js';
import { makeProvider } from '../server/models/providerSettings.js';
import { ModelFailure } from '../server/models/modelFailure.js';
import { startOpenAIStandIn, type ScriptedTurn } from '../server/testSupport/modelStandIns.js';
import { schemaValidator } from '../server/session/schemaValidator.js';
import { API_MODEL_PATH } from '../shared/http.js';
import { runModelLoop, type ModelStepper } from '../shared/models/modelLoop.js';
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
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const demo = serveDemoConnection(serverSide);
const client = new Client({ name: 'model-step-bench', version: '1' });
await client.connect(clientSide);
const tools = (await client.listTools()).tools;
const translation = translateTools('openai', tools);

type Path = 'headless' | 'page';

/** One pass of LOOPS chats on its own stand-in; the medians of each part of a step. */
async function measure(path: Path, loops = LOOPS): Promise<[string, number][]> {
  const standIn = await startOpenAIStandIn(turns);
  const settings = { kind: 'openai' as const, model: 'scripted', baseUrl: standIn.baseUrl, apiKey: 'bench' };
  let step: ModelStepper;
  let failureOf: (error: unknown) => { kind: string; message: string } | undefined;
  let closeBridge = async (): Promise<void> => undefined;
  if (path === 'headless') {
    const provider = await makeProvider({ ...settings, maxRetries: 0, timeoutMs: 30_000 });
    step = (request) => provider.step(request);
    failureOf = (error) =>
      error instanceof ModelFailure ? { kind: error.kind, message: error.message } : undefined;
  } else {
    // The bridge's route as the page reaches it (the token and Origin checks, in front of every
    // /api route, are not part of it).
    const app = express();
    app.use(modelRouter({}));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const put = await fetch(`${origin}${API_MODEL_PATH}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'openai',
        model: 'scripted',
        baseUrl: standIn.baseUrl,
        apiKey: 'bench',
      }),
    });
    if (!put.ok) throw new Error(`the bridge refused the settings: ${await put.text()}`);
    step = httpModelStepper({ url: `${origin}${API_MODEL_PATH}/step`, authorization: () => 'Bearer bench' });
    failureOf = stepFailureOf;
    closeBridge = () => new Promise((resolve) => server.close(() => resolve()));
  }

  const lastByteToCall: number[] = [];
  const resultToRequest: number[] = [];
  const resultToStep: number[] = [];
  const lastByteToStep: number[] = [];
  const stepToCall: number[] = [];
  const stepToRequest: number[] = [];
  const callMs: number[] = [];
  let stepResolvedAt = 0;
  for (let loop = 0; loop < loops; loop += 1) {
    const resultsAt: number[] = [];
    const stepsAt: number[] = [];
    const first = standIn.requests.length;
    const transcript = await runModelLoop({
      step: (request) => {
        stepsAt.push(performance.now());
        return step(request).then((answer) => {
          stepResolvedAt = performance.now();
          return answer;
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
        const result = (await client.callTool({ name: tool.name, arguments: args })) as Record<
          string,
          unknown
        >;
        const doneAt = performance.now();
        callMs.push(doneAt - sentAt);
        resultsAt.push(doneAt);
        return { kind: 'result', result, durationMs: doneAt - sentAt };
      },
      approve: () => Promise.resolve({ allowed: true }),
      validate: schemaValidator,
      prompt: 'Echo three times.',
      maxSteps: CALLS_PER_LOOP + 1,
      failureOf,
    });
    if (transcript.end.kind !== 'answered')
      throw new Error(`${path}: the loop ended ${JSON.stringify(transcript.end)}`);
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
  await closeBridge();
  await standIn.close();
  const through = path === 'headless' ? 'the official client' : 'bridge, page reader, client';
  return [
    ["stand-in's time per request (baseline)", median(standInMs)],
    ["provider's last byte → tool call sent", median(lastByteToCall)],
    [`  of which: ${through} (→ step read)`, median(lastByteToStep)],
    ['  of which: the loop (→ call checked and sent)', median(stepToCall)],
    ['tool result → next provider request', median(resultToRequest)],
    ['  of which: the loop (result → step asked)', median(resultToStep)],
    [`  of which: ${through} (→ request received)`, median(stepToRequest)],
    ['the tool call itself (demo server, in memory)', median(callMs)],
  ];
}

// A few chats each, untimed, first: neither pass pays module loading and JIT warm-up.
await measure('headless', 5);
await measure('page', 5);
const headless = await measure('headless');
const page = await measure('page');
await client.close();
await demo.close();

const ms = (value: number): string => `${value.toFixed(3)} ms`;
console.log(
  `model steps: ${LOOPS * (CALLS_PER_LOOP + 1)} requests, ${LOOPS * CALLS_PER_LOOP} tool calls per path (medians)`,
);
for (const [name, rows] of [
  ['headless (eval)', headless],
  ["the page's path (Playground, through the bridge)", page],
] as const) {
  const baseline = rows[0]?.[1] ?? 1;
  console.log(name);
  for (const [label, value] of rows)
    console.log(
      `  ${label.padEnd(62)} ${ms(value).padStart(12)}  ×${(value / baseline).toFixed(2)} of the stand-in`,
    );
}
