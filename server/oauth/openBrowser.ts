import { spawn } from 'node:child_process';

export type BrowserOpened = { opened: true } | { opened: false; reason: string };

/** A command line that opens a URL: the program and its arguments. */
export type Opener = [string, string[]];

/**
 * What the `BROWSER` variable asks for, the convention most devtools follow: unset or empty,
 * the system's default opener; `none`, no browser at all; else the program (with arguments,
 * split on spaces) to open the link with, the link added last or put where `%s` stands.
 */
export function browserChoice(
  value: string | undefined,
): { kind: 'default' } | { kind: 'none' } | { kind: 'program'; opener: (url: string) => Opener } {
  const text = value?.trim() ?? '';
  if (text === '') return { kind: 'default' };
  if (text.toLowerCase() === 'none') return { kind: 'none' };
  const [command = text, ...args] = text.split(/\s+/);
  return {
    kind: 'program',
    opener: (url) => [
      command,
      args.includes('%s') ? args.map((arg) => (arg === '%s' ? url : arg)) : [...args, url],
    ],
  };
}

/** The opener for this URL as the environment's `BROWSER` chooses it, or undefined for none. */
export function openerFor(url: string, browser = process.env.BROWSER): Opener | undefined {
  const choice = browserChoice(browser);
  if (choice.kind === 'none') return undefined;
  return choice.kind === 'program' ? choice.opener(url) : defaultOpener(url);
}

/**
 * An opener still running after this long is taken to have worked: some (xdg-open starting a
 * browser that was not running) stay until the browser closes.
 */
const OPENER_VERDICT_MS = 3_000;

/**
 * Opens the URL in the default browser. Says why when it could not: no opener installed, or an
 * opener that failed (xdg-open on a machine without a desktop exits with an error).
 */
export function openBrowser(url: string, opener: Opener = defaultOpener(url)): Promise<BrowserOpened> {
  const [command, args] = opener;
  return new Promise((resolve) => {
    let stderr = '';
    let settled = false;
    const settle = (result: BrowserOpened): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      child?.unref();
      settle({ opened: true });
    }, OPENER_VERDICT_MS);
    let child: ReturnType<typeof spawn> | undefined;
    try {
      child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    } catch (error) {
      settle({ opened: false, reason: `${command}: ${(error as Error).message}` });
      return;
    }
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
    child.once('error', (error: NodeJS.ErrnoException) =>
      settle({
        opened: false,
        reason: error.code === 'ENOENT' ? `${command} is not installed` : `${command}: ${error.message}`,
      }),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) return settle({ opened: true });
      const said = stderr.trim().split('\n').at(-1)?.trim();
      settle({
        opened: false,
        reason: `${command} ${signal ? `was ended by ${signal}` : `exited with code ${code}`}${said ? `: ${said}` : ''}`,
      });
    });
  });
}

function defaultOpener(url: string): Opener {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}
