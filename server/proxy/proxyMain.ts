import { BreakpointLink } from './breakpointLink.js';
import { Breakpoints } from './breakpoints.js';
import { Capture, type CaptureInfo } from './capture.js';
import { CaptureFile, pruneCaptures } from './captureFile.js';
import { CaptureRing } from './captureRing.js';
import type { CaptureSink } from './captureSink.js';
import { LivePush } from './livePush.js';
import { parseProxyArgs, PROXY_HELP, ProxyUsageError, type ProxyRequest } from './proxyArgs.js';
import { SecretValues } from './secretValues.js';
import { defaultCaptureDir } from './stateFolder.js';

/** How long the proxy waits for its capture file to be written out before it exits anyway. */
const CAPTURE_FLUSH_MS = 1_000;

/** The proxy's own words: on stderr, prefixed, since stdout belongs to the host and the server. */
function say(line: string): void {
  process.stderr.write(`mcp-inspect proxy: ${line}\n`);
}

/**
 * `mcp-inspect proxy …`, from its arguments to its exit. Loaded by cli.ts before anything else
 * (no commander, zod, express or SDK: only Node's modules and the small ones here), so a host
 * starting the proxy waits about as long as for the server itself.
 */
export async function runProxy(argv: readonly string[]): Promise<void> {
  // Nothing of the proxy's may reach stdout, even by a stray console.log.
  console.log = console.error;
  console.info = console.error;
  process.stderr.on('error', () => undefined);
  process.on('uncaughtException', (error) =>
    say(`internal error (the relay goes on): ${error.stack ?? String(error)}`),
  );
  process.on('unhandledRejection', (error) => say(`internal error (the relay goes on): ${String(error)}`));

  let request: ProxyRequest | 'help';
  try {
    request = parseProxyArgs(argv);
  } catch (error) {
    if (!(error instanceof ProxyUsageError)) throw error;
    say(error.message);
    process.exitCode = 1;
    return;
  }
  if (request === 'help') {
    process.stdout.write(`${PROXY_HELP}\n`);
    return;
  }

  const secrets = new SecretValues();
  secrets.addFromEnvironment(process.env);
  if (request.target.kind === 'stdio')
    for (const value of Object.values(request.target.env)) secrets.add(value);
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
  const ring = new CaptureRing();
  const sinks: CaptureSink[] = [ring];
  let file: CaptureFile | undefined;
  if (request.captureDir !== null) {
    const dir = request.captureDir ?? defaultCaptureDir();
    try {
      file = new CaptureFile(dir, id);
      sinks.push(file);
      void pruneCaptures(dir);
    } catch (error) {
      say(
        `no capture file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message} in ${dir}); relaying anyway`,
      );
    }
  }
  const livePush = new LivePush(ring);
  sinks.push(livePush);
  const info: CaptureInfo = {
    id,
    transport: request.target.kind === 'stdio' ? 'stdio' : 'streamable-http',
    server:
      request.target.kind === 'stdio'
        ? [request.target.command, ...request.target.args].join(' ')
        : request.target.url,
    proxyPid: process.pid,
    inject: request.inject.map((rule) => rule.text),
  };
  const capture = new Capture(info, secrets, sinks);
  // The page's breakpoints come over a link to the collector the capture is pushed to.
  const breakpoints = new Breakpoints(capture);
  const link = new BreakpointLink(breakpoints, capture);
  livePush.onCollector = (rendezvous) => link.open(rendezvous);

  const finishCapture = async (): Promise<void> => {
    link.close();
    capture.close();
    if (file)
      await Promise.race([
        file.done,
        new Promise((resolve) => setTimeout(resolve, CAPTURE_FLUSH_MS).unref()),
      ]);
  };

  if (request.target.kind === 'url') {
    const { runHttpProxy } = await import('./httpProxy.js');
    await runHttpProxy({
      url: request.target.url,
      port: request.target.port,
      capture,
      secrets,
      rules: request.inject,
      breakpoints,
      say,
    });
    await finishCapture();
    return;
  }
  const { runStdioProxy } = await import('./stdioProxy.js');
  const end = await runStdioProxy({
    command: request.target.command,
    args: request.target.args,
    env: { ...process.env, ...request.target.env },
    ...(request.target.cwd === undefined ? {} : { cwd: request.target.cwd }),
    rules: request.inject,
    breakpoints,
    capture,
    host: { input: process.stdin, output: process.stdout, errors: process.stderr },
    say,
  });
  await finishCapture();
  // The server's exit, passed on: its code, or the signal that ended it (the default action of
  // that signal, now that the proxy's handlers are gone).
  if (end.signal !== null) {
    process.kill(process.pid, end.signal);
    // A signal whose default is not to end the process: say it the shell's way.
    setTimeout(() => process.exit(128 + signalNumber(end.signal)), 200).unref();
    return;
  }
  process.exit(end.code ?? 1);
}

function signalNumber(signal: NodeJS.Signals | null): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return (signal && numbers[signal]) ?? 1;
}
