// What a hostile server reached by URL costs the bridge: its peak RSS while the server plays each
// exhaust attack, and what it still holds after. Printed, never asserted; every load stays on
// 127.0.0.1 and each case is bounded in time.
// `npm run build && node --import tsx bench/urlExhaust.ts [case…]`
// (cases: endless-json, result-300mb, result-300mb-length, endless-sse-line, error-20mb, error-300mb,
// stalled-server).
import './machineEnvironment.js';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, mcpWithAttack, pour, resultHead } from '../server/testSupport/hostileHttp.js';
import { PageClient } from '../server/testSupport/pageClient.js';
import { CLI_PATH } from './paths.js';
import { stopProcess, track } from './processes.js';

const MB = 1024 * 1024;
/** Longest a case may run; an endless attack is stopped by the bridge well before. */
const CASE_DEADLINE_MS = 90_000;
/** How long the bridge is left alone after a case before what it holds is read. */
const SETTLE_MS = 3_000;
const filler = Buffer.alloc(64 * 1024, 'a');

interface Case {
  name: string;
  what: string;
  /** Plays the attack on the `attack` tool's call. */
  attack?: (res: ServerResponse, req: IncomingMessage, message: { id?: unknown }) => void;
  /** A server that stops reading after the handshake: the page then sends this much. */
  stalledSends?: { count: number; bytes: number };
}

const CASES: Case[] = [
  {
    name: 'endless-json',
    what: 'an endless JSON body',
    attack: (res, _req, message) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(resultHead(message.id));
      pour(res, filler);
    },
  },
  {
    name: 'result-300mb',
    what: 'a 300 MB JSON result',
    attack: (res, _req, message) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(resultHead(message.id));
      pour(res, filler, 300 * MB);
    },
  },
  {
    name: 'result-300mb-length',
    what: 'a 300 MB JSON result, announced by its Content-Length',
    attack: (res, _req, message) => {
      const head = resultHead(message.id);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(300 * MB) });
      res.write(head);
      pour(res, filler, 300 * MB - head.length);
    },
  },
  {
    name: 'endless-sse-line',
    what: 'an SSE data: line without end',
    attack: (res, _req, message) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: message\ndata: ${resultHead(message.id)}`);
      pour(res, filler);
    },
  },
  {
    name: 'error-20mb',
    what: 'an HTTP 500 of 20 MB',
    attack: (res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      pour(res, filler, 20 * MB);
    },
  },
  {
    name: 'error-300mb',
    what: 'an HTTP 500 of 300 MB',
    attack: (res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      pour(res, filler, 300 * MB);
    },
  },
  {
    name: 'stalled-server',
    what: 'a server that stops reading (the page sends 200 × 1 MB)',
    stalledSends: { count: 200, bytes: MB },
  },
];

interface Figures {
  peakRssMb: number;
  heldRssMb: number;
  /** Before the attack, once connected and initialized. */
  baselineRssMb: number;
  /** Bytes the page got over its socket during the attack. */
  pageBytes: number;
  /** The longest single envelope the page got. */
  largestEnvelope: number;
  seconds: number;
  outcome: string;
}

async function runCase(one: Case): Promise<Figures> {
  let stalled = false;
  const answering = mcpWithAttack(one.attack ?? (() => undefined));
  const server = await listen((req, res) => {
    if (!stalled) return answering(req, res);
    req.pause(); // never read, never answered
  });
  const token = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, [CLI_PATH, '--no-open', '--port', '0', '--url', server.url()], {
    env: { ...process.env, MCP_INSPECT_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16_384)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16_384)));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no link within 15 s:\n${output}`)), 15_000);
      child.stdout.on('data', () => {
        const match = /Open the inspector: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const page = await PageClient.connect(port, token);
    await page.waitForState('connected');
    await page.initialize();
    const pid = child.pid!;
    const baselineRssMb = rssMb(pid, 'VmRSS');
    let pageBytes = 0;
    let largestEnvelope = 0;
    page.ws.on('message', (data: Buffer) => {
      pageBytes += data.length;
      largestEnvelope = Math.max(largestEnvelope, data.length);
    });
    const started = performance.now();
    let outcome: string;
    const deadline = new Promise<string>((resolve) =>
      setTimeout(() => resolve(`no answer within ${CASE_DEADLINE_MS / 1000} s`), CASE_DEADLINE_MS),
    );
    if (one.stalledSends) {
      stalled = true;
      const big = 'b'.repeat(one.stalledSends.bytes);
      const answers = Array.from({ length: one.stalledSends.count }, (_, i) =>
        call(page, `stalled-${i}`, 'echo', { message: big }),
      );
      // Each refusal answers at once; the sends the bridge took wait on the server.
      const refused = await Promise.race([
        Promise.any(
          answers.map(async (answer) => {
            const error = (await answer).error;
            if (error?.message) return error.message;
            throw new Error('answered');
          }),
        ),
        deadline,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      outcome = refused.slice(0, 140);
    } else {
      // A stream cut off is a transport error, and its request stays unanswered (as a stdio
      // line dropped at the cap): whichever comes first.
      const cut = page
        .waitForNext((e) => e.type === 'transportError', CASE_DEADLINE_MS)
        .then(
          (e) => `transport error: ${String(e.message)}`,
          () => `nothing within ${CASE_DEADLINE_MS / 1000} s`,
        );
      const answer = await Promise.race([call(page, 'attack', 'attack', {}), cut, deadline]);
      outcome = typeof answer === 'string' ? answer : (answer.error?.message ?? 'a result');
      outcome = outcome.slice(0, 160);
    }
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const figures = {
      peakRssMb: rssMb(pid, 'VmHWM'),
      heldRssMb: rssMb(pid, 'VmRSS'),
      baselineRssMb,
      pageBytes,
      largestEnvelope,
      seconds,
      outcome,
    };
    page.close();
    return figures;
  } finally {
    await stopProcess(child);
    await server.close();
  }
}

/** A tools/call, answered by the server or the bridge, waited for up to the case's deadline. */
async function call(
  page: PageClient,
  id: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ error?: { message?: string } }> {
  page.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const frame = await page.waitFor((e) => {
    const message = e.message as { id?: unknown; method?: unknown } | undefined;
    return e.type === 'frame' && message?.id === id && message.method === undefined;
  }, CASE_DEADLINE_MS);
  return frame.message as { error?: { message?: string } };
}

/** A memory figure of /proc/<pid>/status, in MB: VmRSS now, VmHWM its peak so far. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return Math.round(kb / 1024);
}

const asked = process.argv.slice(2);
const cases = asked.length > 0 ? CASES.filter((one) => asked.includes(one.name)) : CASES;
console.log('URL target exhaust cases: the bridge process (built CLI), one fresh bridge per case');
console.log('case                | RSS before | peak RSS | RSS 3 s after | to page      | s     | outcome');
for (const one of cases) {
  const f = await runCase(one);
  console.log(
    [
      one.name.padEnd(19),
      `${f.baselineRssMb} MB`.padStart(10),
      `${f.peakRssMb} MB`.padStart(8),
      `${f.heldRssMb} MB`.padStart(13),
      `${(f.pageBytes / 1024).toFixed(0)} KB (max ${(f.largestEnvelope / 1024).toFixed(1)} KB)`.padEnd(12),
      f.seconds.toFixed(1).padStart(5),
      f.outcome,
    ].join(' | '),
  );
}
