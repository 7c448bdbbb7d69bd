import { spawn } from 'node:child_process';

export type BrowserOpened = { opened: true } | { opened: false; reason: string };

/**
 * An opener still running after this long is taken to have worked: some (xdg-open starting a
 * browser that was not running) stay until the browser closes.
 */
const OPENER_VERDICT_MS = 3_000;

/**
 * Opens the URL in the default browser. Says why when it could not: no opener installed, or an
 * opener that failed (xdg-open on a machine without a desktop exits with an error).
 */
export function openBrowser(url: string, opener = defaultOpener(url)): Promise<BrowserOpened> {
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

function defaultOpener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}
