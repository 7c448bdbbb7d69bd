import { describe, expect, it, type TestContext } from 'vitest';
import { createServer, type Server } from 'node:net';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { readVersion } from '../files/version.js';
import { CLI_TOKEN, startCli } from '../testSupport/cliProcess.js';
import { freePort } from '../testSupport/network.js';
import { catchesSignal, eventually, isAlive } from '../testSupport/processes.js';
import { scratchDir } from '../testSupport/scratchDir.js';

const mcpInspect = (t: TestContext, ...args: string[]) => startCli(t, args);
const withToken = (t: TestContext, token: string, ...args: string[]) =>
  startCli(t, args, { env: { MCP_INSPECT_TOKEN: token } });

/** A server that ignores SIGTERM and would run forever: only an escalation to SIGKILL ends it. */
const STUBBORN_SERVER = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);";

describe.concurrent('mcp-inspect CLI', () => {
  it('prints its version', async (t) => {
    const cli = mcpInspect(t, '--version');
    expect(await cli.exited).toBe(0);
    expect(cli.output().trim()).toBe(readVersion());
  });

  it('explains its usage', async (t) => {
    const cli = mcpInspect(t, '--help');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('Usage: mcp-inspect [options] [--] [command] [args...]');
    expect(cli.output()).toContain('--dangerously-listen-on');
  });

  it('takes only http and https URLs, and never shows the secrets in one', async (t) => {
    // Nothing listens at the second: said at start, in the terminal, with the secrets masked.
    const port = await freePort();
    const ftp = mcpInspect(t, '--url', 'ftp://me:pw@127.0.0.1/mcp');
    const cli = mcpInspect(
      t,
      '--no-open',
      '--port',
      '0',
      '--url',
      `http://me:pw@127.0.0.1:${port}/mcp?api_key=abc123`,
    );
    expect(await ftp.exited).not.toBe(0);
    expect(ftp.output()).toContain('--url takes an http:// or https:// URL, not ftp://****@127.0.0.1/mcp');
    const masked = `http://****@127.0.0.1:${port}/mcp?api_key=****`;
    await cli.waitForOutput(/Open the inspector/);
    expect(cli.output()).toContain(`inspecting ${masked}`);
    await cli.waitForOutput(/✖ connection refused/);
    expect(cli.output()).toContain(`✖ connection refused: nothing is listening at ${masked}`);
    expect(cli.output() + ftp.output()).not.toMatch(/me:pw|abc123/);
  });

  it('refuses contradictory options with a clear message', async (t) => {
    const cli = mcpInspect(t, '--url', 'http://127.0.0.1:1/mcp', 'node', 'server.js');
    expect(await cli.exited).not.toBe(0);
    expect(cli.output()).toContain('give either a command or --url, not both');
  });

  it('connects to a URL given in the place of the command, and says where its options go', async (t) => {
    const cli = mcpInspect(t, '--no-open', '--port', '0', 'http://127.0.0.1:1/mcp');
    // Port 1 is one fetch will not use: the URL target's own reason, not a command's.
    await cli.waitForOutput(/✖ fetch refuses to use the port of http:\/\/127\.0\.0\.1:1\/mcp/);
    expect(cli.output()).toContain('inspecting http://127.0.0.1:1/mcp');
    expect(cli.output()).not.toContain('command not found');
    const late = mcpInspect(t, 'http://127.0.0.1:1/mcp', '--header', 'X-A: 1');
    expect(await late.exited).not.toBe(0);
    expect(late.output()).toContain(
      'options go before the URL: "--header" after http://127.0.0.1:1/mcp is not read',
    );
  });

  it('prints the link with the token in the fragment, and says when a command is not found', async (t) => {
    const cli = mcpInspect(t, '--no-open', '--port', '0', 'no-such-command-xyz');
    const [, link] = await cli.waitForOutput(/Open the inspector: (\S+)/);
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/#token=${CLI_TOKEN}$`));
    // The link prints as soon as the port is bound; the failure follows once the bridge has loaded.
    await cli.waitForOutput(/command not found: no-such-command-xyz/);
  });

  it('refuses a token from the environment that is short, or that the page could not send', async (t) => {
    const short = withToken(t, '7-chars', '--no-open', '--port', '0');
    // A space (or a comma, or a slash) cannot travel in a WebSocket subprotocol.
    const spaced = withToken(t, 'a token with spaces that is long enough', '--no-open', '--port', '0');
    expect(await short.exited).toBe(1);
    expect(short.output()).toContain(
      'MCP_INSPECT_TOKEN is 7 characters long; it must have at least 32 (or unset it for a random token)',
    );
    expect(await spaced.exited).toBe(1);
    expect(spaced.output()).toContain(
      'MCP_INSPECT_TOKEN holds " ", which a WebSocket subprotocol or the page\'s link cannot carry',
    );
    expect(short.output() + spaced.output()).not.toContain('Open the inspector');
  });

  it('uses a free port when the one asked for is taken, and says so', async (t) => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const cli = mcpInspect(
        t,
        '--no-open',
        '--port',
        String(taken),
        process.execPath,
        '-e',
        STUBBORN_SERVER,
      );
      await cli.waitForOutput(new RegExp(`port ${taken} is taken; using \\d+ instead`));
    } finally {
      blocker.close();
    }
  });

  it('shows the last stderr lines of a server that fails', async (t) => {
    const cli = mcpInspect(
      t,
      '--no-open',
      '--port',
      '0',
      process.execPath,
      '-e',
      'console.error("boom: no database"); process.exit(2)',
    );
    await cli.waitForOutput(/│ boom: no database/);
    expect(cli.output()).toContain('the MCP server exited with code 2');
  });

  it("resolves the server's relative paths from where `npm run inspect` was run, not the checkout", async (t) => {
    const dir = scratchDir('init-cwd');
    writeFileSync(join(dir, 'server.mjs'), 'console.error("started in " + process.cwd()); process.exit(4);');
    const cli = startCli(t, ['--no-open', '--port', '0', 'node', 'server.mjs'], {
      env: { INIT_CWD: dir, npm_package_name: 'mcp-inspect', npm_lifecycle_event: 'inspect' },
    });
    await cli.waitForOutput(/│ started in /);
    expect(cli.output()).toContain(`│ started in ${dir}`);
  });

  it('names a mistake in a config file by line and column, and a broken entry by what is wrong', async (t) => {
    const dir = scratchDir('config');
    writeFileSync(
      join(dir, 'bad.json'),
      '{\n  "mcpServers": {\n    "a": { "command": "node" }\n    "b": {}\n  }\n}\n',
    );
    writeFileSync(join(dir, 'typo.json'), '{ "mcpServers": { "gh": { "comand": "npx" } } }');
    const bad = mcpInspect(t, '--config', join(dir, 'bad.json'));
    const typo = mcpInspect(t, '--config', join(dir, 'typo.json'), '--server', 'gh');
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toContain('bad.json is not valid JSON: line 4, column 5: expected "," or "}"');
    expect(await typo.exited).not.toBe(0);
    expect(typo.output()).toContain('server "gh": "command" or "url" is required');
  });

  it('warns of a port browsers refuse', async (t) => {
    const cli = mcpInspect(t, '--no-open', '--port', '6000', process.execPath, '-e', STUBBORN_SERVER);
    await cli.waitForOutput(/Open the inspector/);
    // On stderr, printed before the link on stdout: the two pipes may reach the test either way.
    await cli.waitForOutput(/browsers refuse to open pages on port 6000/);
  });

  it('says when it could not open a browser, with the link', async (t) => {
    // An opener that fails as xdg-open does on a machine without a desktop.
    const bin = scratchDir('opener');
    const opener = join(bin, process.platform === 'darwin' ? 'open' : 'xdg-open');
    writeFileSync(opener, '#!/bin/sh\necho "no method available for opening" >&2\nexit 3\n');
    chmodSync(opener, 0o755);
    const cli = startCli(t, ['--port', '0', process.execPath, '-e', STUBBORN_SERVER], {
      env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
    });
    const [, link] = await cli.waitForOutput(/Open the inspector: (\S+)/);
    await cli.waitForOutput(/could not open a browser/);
    expect(cli.output()).toContain(
      'exited with code 3: no method available for opening); open this link yourself:',
    );
    expect(cli.output()).toContain(`    ${link}`);
  });

  it('opens the link with the program BROWSER names, and with none when it says none', async (t) => {
    const bin = scratchDir('browser');
    const opened = join(bin, 'opened.txt');
    // One recorder stands for both the named program and the system's opener.
    const recorder = join(bin, 'record-open');
    writeFileSync(recorder, `#!/bin/sh\necho "$@" >> ${opened}\n`);
    chmodSync(recorder, 0o755);
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "xdg-open $@" >> ${opened}\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const env = { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };

    const named = startCli(t, ['--port', '0', process.execPath, '-e', STUBBORN_SERVER], {
      env: { ...env, BROWSER: `${recorder} --new-window` },
    });
    const [, link] = await named.waitForOutput(/Open the inspector: (\S+)/);
    expect(await eventually(() => existsSync(opened), 10_000)).toBe(true);
    expect(readFileSync(opened, 'utf8')).toBe(`--new-window ${link}\n`);

    rmSync(opened);
    const none = startCli(t, ['--port', '0', process.execPath, '-e', STUBBORN_SERVER], {
      env: { ...env, BROWSER: 'none' },
    });
    await none.waitForOutput(/Open the inspector/);
    // Whatever would open it runs right after the link is printed: give it that moment.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(existsSync(opened)).toBe(false);
    expect(none.output()).not.toContain('could not open a browser');
  });

  it('ends the server on Ctrl-C and leaves no orphan process', async (t) => {
    const cli = mcpInspect(t, '--no-open', '--port', '0', process.execPath, '-e', STUBBORN_SERVER);
    const [, port] = await cli.waitForOutput(/Open the inspector: http:\/\/127\.0\.0\.1:(\d+)/);
    // The link prints before the bridge has loaded; it says when its server is up.
    await cli.waitForOutput(/connected over stdio/);
    // The bridge knows its child's pid; ask it the way the page would.
    const session = (await (
      await fetch(`http://127.0.0.1:${port}/api/session`, {
        headers: { Authorization: `Bearer ${CLI_TOKEN}` },
      })
    ).json()) as { state: { pid: number } };
    const pid = session.state.pid;
    expect(isAlive(pid)).toBe(true);
    // Stopped only once it ignores SIGTERM, so the stop has to escalate to SIGKILL.
    expect(await eventually(() => catchesSignal(pid, 'SIGTERM'), 10_000)).toBe(true);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(isAlive(pid)).toBe(false);
  });
});
