import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { built } from '../testSupport/built.js';
import { startCli } from '../testSupport/cliProcess.js';
import { freePort } from '../testSupport/network.js';
import { scratchDir } from '../testSupport/scratchDir.js';
import { runVerb } from '../testSupport/verbProcess.js';
import { isVerbName } from '../verbs/verbNames.js';

// The examples of the README and of docs/, run as written: every line of the code blocks after
// each `doc-examples` marker (which says how many blocks follow). A line ending in `&` starts a
// server for the `npx mcp-inspect` line after it; `npx mcp-inspect` is this run's built CLI, and
// each port an example names is swapped for a free one, so examples run side by side and never
// meet a port already taken. `npx mcp-inspect <verb> …` runs the verb and must end with exit 0
// (a report it writes goes to a scratch folder); any other line opens the page and must connect.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MARKER = /<!-- doc-examples:[^\n]*?the next (\d+) blocks? -->/g;
const EXAMPLE_ENV = { API_KEY: 'readme-example-key' };

/** The README and every page of docs/: wherever examples are. */
const DOC_FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

interface Example {
  /** Where it is written. */
  file: string;
  /** Commands started in the background first (the lines ending in `&`). */
  servers: string[];
  /** The `npx mcp-inspect …` line. */
  inspector: string;
}

function docExamples(): Example[] {
  const examples: Example[] = [];
  for (const file of DOC_FILES) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const marker of text.matchAll(MARKER)) {
      const after = text.slice(marker.index);
      const count = Number(marker[1]);
      const blocks = [...after.matchAll(/```sh\n([\s\S]*?)```/g)].slice(0, count).map((m) => m[1] ?? '');
      for (const block of blocks) {
        let servers: string[] = [];
        for (const raw of block.split('\n')) {
          const line = raw.trim();
          if (line === '' || line.startsWith('#')) continue;
          if (line.endsWith('&')) servers.push(line.slice(0, -1).trim());
          else if (line.startsWith('npx mcp-inspect ')) {
            examples.push({ file, servers, inspector: line });
            servers = [];
          } else throw new Error(`an example line in ${file} this test does not know how to run: ${line}`);
        }
      }
    }
  }
  return examples;
}

/** Shell words as sh splits them for these lines: quotes, `$VAR`, and leading `NAME=value`. */
function shellWords(
  line: string,
  env: Record<string, string>,
): { env: Record<string, string>; argv: string[] } {
  const words: string[] = [];
  for (const match of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const [, doubled, single, bare] = match;
    const expand = (text: string): string => text.replace(/\$(\w+)/g, (_, name: string) => env[name] ?? '');
    words.push(single ?? expand(doubled ?? bare ?? ''));
  }
  const assigned: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Z_]+=/.test(words[0])) {
    const [name = '', ...value] = words.shift()!.split('=');
    assigned[name] = value.join('=');
  }
  return { env: assigned, argv: words };
}

/** The example with each port it names moved to a free one. */
async function onFreePorts(example: Example): Promise<Example> {
  const lines = [...example.servers, example.inspector];
  const ports = new Set(lines.flatMap((line) => [...line.matchAll(/\b(3\d{3})\b/g)].map((m) => m[1]!)));
  let moved = lines;
  for (const port of ports) {
    const free = String(await freePort());
    moved = moved.map((line) => line.replace(new RegExp(`\\b${port}\\b`, 'g'), free));
  }
  return { file: example.file, servers: moved.slice(0, -1), inspector: moved.at(-1)! };
}

function startServer(line: string): { port: number; output: () => string } {
  const { env, argv } = shellWords(line, EXAMPLE_ENV);
  const [command = '', ...args] = argv.map((word) =>
    word === 'dist/server/demo/demoServer.js' ? built('server/demo/demoServer.ts') : word,
  );
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const take = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-4_000));
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.once('error', (error) => take(Buffer.from(String(error))));
  onTestFinished(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone already.
    }
  });
  const port = /--port (\d+)/.exec(line)?.[1] ?? env.PORT;
  return { port: Number(port), output: () => output };
}

async function waitForListener(
  { port, output }: { port: number; output: () => string },
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on port ${port}; it said:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the examples of the README and docs/, as written', () => {
  const examples = docExamples();

  it("are found where the docs mark them: the README's three, and the page's command line", () => {
    const inReadme = examples.filter((example) => example.file === 'README.md');
    expect(inReadme.map((example) => verbOf(example.inspector))).toEqual([undefined, 'call', 'test']);
    expect(examples.filter((example) => example.file === 'docs/usage.md').length).toBeGreaterThanOrEqual(4);
  });

  for (const example of examples) {
    it(`${example.file}: ${example.inspector}`, { timeout: 60_000 }, async (t) => {
      const { servers, inspector } = await onFreePorts(example);
      for (const server of servers) await waitForListener(startServer(server));
      const { argv } = shellWords(inspector, EXAMPLE_ENV);
      const args = argv.slice(2);
      if (verbOf(inspector) !== undefined) {
        // From the repository's root, as the page's examples run (so `npx -y` finds the servers
        // installed here), with a report the example writes put in a scratch folder instead.
        const reports = scratchDir('doc-example');
        const placed = args.map((word) =>
          word.replace(
            /^(junit|json|tap)=(.+)$/,
            (_, kind: string, file: string) => `${kind}=${join(reports, file)}`,
          ),
        );
        const run = await runVerb(placed, { cwd: ROOT, env: EXAMPLE_ENV, timeoutMs: 50_000 });
        expect(run.code, `${inspector}\n${run.stdout}${run.stderr}`).toBe(0);
        expect(run.stdout.trim()).not.toBe('');
        const junit = /--reporter junit=(\S+)/.exec(inspector)?.[1];
        if (junit !== undefined) expect(readFileSync(join(reports, junit), 'utf8')).toContain('<testsuites');
        return;
      }
      const cli = startCli(t, ['--no-open', '--port', '0', ...args], { env: EXAMPLE_ENV });
      await cli.waitForOutput(/● connected over (stdio|Streamable HTTP|SSE)/, 45_000);
      expect(cli.output()).not.toMatch(/✖|transport error/);
    });
  }
});

/** The verb an `npx mcp-inspect …` line runs, if it runs one rather than the page. */
function verbOf(line: string): string | undefined {
  const word = line.split(/\s+/)[2];
  return isVerbName(word) ? word : undefined;
}
