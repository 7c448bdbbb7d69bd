// Server text on a terminal: a server whose every word carries escape sequences (clipboard writes
// with OSC 52, a window title, a screen clear, colours), a C1 control and bidirectional overrides
// (e2e/fixtures/hostileTerminal.mjs) is shown escaped by every verb, and by the bridge's own
// lines; `--raw` gives a person the result's bytes.
import { describe, expect, it } from 'vitest';
import { startCli } from '../testSupport/cliProcess.js';
import { fixturePath } from '../testSupport/targets.js';
import { runVerb, type VerbRun } from '../testSupport/verbProcess.js';

const server = ['--', process.execPath, fixturePath('hostileTerminal.mjs')];
/** What the fixture writes, as a terminal must show it. */
const ESCAPED =
  '\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b]0;owned\\x07\\x1b[2J\\x1b[H\\x1b[31mred\\x9b2J admin\\u202etxt.exe\\u2066x\\u2069';
/** Anything a terminal acts on rather than shows, but tab and newline. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function expectNothingRaw(run: VerbRun): void {
  expect(run.stdout).not.toMatch(RAW_CONTROL);
  expect(run.stderr).not.toMatch(RAW_CONTROL);
}

describe("a server's escape sequences on the terminal", { timeout: 60_000 }, () => {
  it('tools, prompts, resources: names, titles and descriptions escaped', async () => {
    const [tools, prompts, resources] = await Promise.all([
      runVerb(['tools', ...server]),
      runVerb(['prompts', ...server]),
      runVerb(['resources', ...server]),
    ]);
    for (const run of [tools, prompts, resources]) {
      expect(run.code, run.stderr).toBe(0);
      expectNothingRaw(run);
    }
    expect(tools.stdout).toContain(`hostile_text()   Title \\x1b]0;owned\\x07: Describes ${ESCAPED}`);
    expect(tools.stdout).toContain('named\\u202egpj.exe()');
    expect(prompts.stdout).toContain(`hostile_prompt()  Prompt ${ESCAPED}`);
    expect(resources.stdout).toContain(`(resource ${ESCAPED}, text/plain)`);
  });

  it('info: the server name and instructions escaped; --json is the same value with no raw bidi or C1', async () => {
    const [info, json] = await Promise.all([
      runVerb(['info', ...server]),
      runVerb(['info', '--json', ...server]),
    ]);
    expect(info.code).toBe(0);
    expectNothingRaw(info);
    expect(info.stdout).toContain('hostile\\x1b]0;owned\\x07 1.0.0');
    expect(info.stdout).toContain(`instructions  Read me ${ESCAPED}`);
    expectNothingRaw(json);
    const document = JSON.parse(json.stdout) as { instructions: string };
    expect(document.instructions).toBe(
      'Read me \u001b]52;c;cm0gLXJmIH4=\u0007\u001b]0;owned\u0007\u001b[2J\u001b[H\u001b[31mred\u009b2J admin\u202etxt.exe\u2066x\u2069',
    );
  });

  it('call: the result, a log message and the server stderr escaped; --raw prints the result as sent', async () => {
    const args = ['call', 'hostile_text', '--server-stderr', '--log-level', 'debug', ...server];
    const [escaped, raw] = await Promise.all([
      runVerb(args),
      runVerb([...args.slice(0, 2), '--raw', ...args.slice(2)]),
    ]);
    expect(escaped.code, escaped.stderr).toBe(0);
    expectNothingRaw(escaped);
    expect(escaped.stdout).toBe(`result ${ESCAPED}\n`);
    expect(escaped.stderr).toContain(`[log warning] log ${ESCAPED}`);
    expect(escaped.stderr).toContain(`server │ stderr ${ESCAPED}`);
    expect(escaped.stderr).toContain(`server │ starting ${ESCAPED}`);
    expect(raw.code, raw.stderr).toBe(0);
    expect(raw.stdout).toBe(
      'result \u001b]52;c;cm0gLXJmIH4=\u0007\u001b]0;owned\u0007\u001b[2J\u001b[H\u001b[31mred\u009b2J admin\u202etxt.exe\u2066x\u2069\n',
    );
    // Only the result is raw: what the server says on the side stays escaped.
    expect(raw.stderr).not.toMatch(RAW_CONTROL);
  });

  it('read and prompt: text escaped, --raw gives it as sent', async () => {
    const [read, readRaw, prompt] = await Promise.all([
      runVerb(['read', 'hostile://text', ...server]),
      runVerb(['read', 'hostile://text', '--raw', ...server]),
      runVerb(['prompt', 'hostile_prompt', ...server]),
    ]);
    expectNothingRaw(read);
    expect(read.stdout).toBe(`resource text ${ESCAPED}\n`);
    expect(readRaw.stdout).toContain('resource text \u001b]52;c;');
    expect(readRaw.stdout).toContain('admin\u202etxt.exe');
    expectNothingRaw(prompt);
    expect(prompt.stdout).toContain(`prompt text ${ESCAPED}`);
  });

  it("the server's error messages and its last stderr lines escaped; with --json, no raw character either", async () => {
    const [error, crash, crashJson] = await Promise.all([
      runVerb(['call', 'hostile_error', ...server]),
      runVerb(['call', 'hostile_crash', ...server]),
      runVerb(['call', 'hostile_crash', '--json', ...server]),
    ]);
    expect(error.code).toBe(5);
    expectNothingRaw(error);
    expect(error.stderr).toContain(`error ${ESCAPED}`);
    expect(crash.code).toBe(4);
    expectNothingRaw(crash);
    expect(crash.stderr).toContain(`│ dying ${ESCAPED}`);
    expectNothingRaw(crashJson);
    expect(crashJson.stderr).toContain('dying \\u001b]52;c;');
  });

  it('lint: findings that quote the server escaped', async () => {
    const lint = await runVerb(['lint', ...server]);
    expect(lint.code).toBe(6);
    expectNothingRaw(lint);
    expect(lint.stdout).toContain('hidden-unicode  tools[3].name');
  });

  it("the bridge's terminal: a failing server's stderr tail escaped", async (t) => {
    const script =
      "process.stderr.write('dying \\u001b]0;owned\\u0007\\u001b[2J admin\\u202etxt.exe\\n'); process.exit(1)";
    const cli = startCli(t, ['--no-open', '--port', '0', '--', process.execPath, '-e', script]);
    await cli.waitForOutput(/│ dying/);
    expect(cli.output()).toContain('│ dying \\x1b]0;owned\\x07\\x1b[2J admin\\u202etxt.exe');
    expect(cli.output()).not.toMatch(RAW_CONTROL);
  });
});
