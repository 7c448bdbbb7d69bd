import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { built } from '../testSupport/built.js';
import { TEST_TUNING, fixturePath } from '../testSupport/targets.js';

// The verbs on a terminal: `script` (util-linux) runs the CLI in a pseudo-terminal, as a person's
// shell would, and plays the person, typing each answer once its question is on screen.
const hasScript = spawnSync('script', ['--version']).status === 0;

/** Runs a verb on a pseudo-terminal, typing `answers` one per question; the screen and the exit code. */
function onTerminal(args: string[], answers: string[], env: NodeJS.ProcessEnv = {}) {
  const command = [process.execPath, built('server/cli/cli.ts'), ...args]
    .map((word) => `'${word}'`)
    .join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { ...process.env, MCP_INSPECT_KILL_GRACE_MS: String(TEST_TUNING.killGraceMs), ...env },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let screen = '';
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
    if (screen.endsWith(': ') && answers.length > 0) child.stdin.write(`${answers.shift()}\n`);
  });
  return new Promise<{ code: number | null; screen: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, screen: screen.replace(/\r\n/g, '\n') })),
  );
}

describe.skipIf(!hasScript)('on a terminal', { timeout: 90_000 }, () => {
  it("asks the server's question field by field, in colour", async () => {
    const run = await onTerminal(
      ['call', 'book_table', '--era', 'legacy', '--sampling-reply', 'Hi'],
      ['y', 'Ada', '2'],
    );
    expect(run.code).toBe(0);
    expect(run.screen).toContain('The server asks: Who is the table at Chez MCP for, and how many seats?');
    expect(run.screen).toContain('  name (Name for the booking), string: Ada');
    expect(run.screen).toContain('Booked a table for 2 at Chez MCP under the name Ada.');
    expect(run.screen).toContain('\u001b[2mno server given');
  });

  it("asks a modern server's input round the same way; no colour with NO_COLOR", async () => {
    const run = await onTerminal(['call', 'book_table', '--era', 'modern', '--sampling-reply', 'Hi'], ['n'], {
      NO_COLOR: '1',
    });
    expect(run.code).toBe(0);
    expect(run.screen).toContain('No table booked: you declined the form.');
    expect(run.screen).not.toContain('\u001b[');
  });

  it("keeps its own colours while a server's escape sequences are shown, not obeyed", async () => {
    const run = await onTerminal(
      ['call', 'hostile_error', '--', process.execPath, fixturePath('hostileTerminal.mjs')],
      [],
    );
    expect(run.code).toBe(5);
    expect(run.screen).toContain('\u001b[31merror:\u001b[0m the server answered error -32000');
    expect(run.screen).toContain('error \\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b]0;owned\\x07\\x1b[2J');
    expect(run.screen).not.toContain('\u001b]');
    expect(run.screen).not.toContain('\u202e');
  });
});
