#!/usr/bin/env node
// The MCP server is started first thing, before the rest of the CLI and the bridge load
// (commander, express, ws, zod, the MCP SDK: ~200 ms), so the two start up side by side and the
// first `initialize` is answered about when the server alone would answer it. Hence only
// Node's own modules and these few small ones here; everything else is imported in main().
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import type { RunningBridge } from '../http/bridgeServer.js';
import { killAllGroupsNow } from '../targets/processGroups.js';
import { quickStdioTarget, sameStdioTarget } from '../session/quickTarget.js';
import { SpawnedServer } from '../targets/spawnServer.js';
import { memoryScaleFrom, scaledMemoryLimits } from '../targets/memoryLimits.js';
import { isConfigVerbName, isVerbName } from '../verbs/verbNames.js';
import { runsOverWorkspace } from '../workspace/allFlag.js';
import { quickVerbTarget } from '../verbs/quickVerbTarget.js';
import { visibleControls } from '../../shared/terminalText.js';
import { startWorkspacePage } from './workspacePage.js';

const SHUTDOWN_GRACE_MS = 5_000;
/**
 * Milliseconds a stdio server gets to exit once asked to stop, before SIGKILL (KILL_GRACE_MS in
 * targets/stdioTarget.ts when unset). For tests, which stop servers that ignore SIGTERM many times.
 */
const KILL_GRACE_ENV_VAR = 'MCP_INSPECT_KILL_GRACE_MS';
/** A factor on every memory bound of the bridge (memoryLimits.ts); see docs/security.md. */
const MEMORY_SCALE_ENV_VAR = 'MCP_INSPECT_MEMORY_SCALE';

async function main(): Promise<void> {
  // Node 22.1+ keeps compiled modules on disk between runs (a later start loads the bridge
  // faster); Node 20 has no such cache, and this does nothing there.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  workFromWhereNpmWasRun();
  // `mcp-inspect proxy …`: a host runs it in place of its server, so it loads nothing of the
  // page or the verbs (server/proxy/ imports Node's modules and a few small files).
  if (process.argv[2] === 'proxy') {
    const { runProxy } = await import('../proxy/proxyMain.js');
    await runProxy(process.argv.slice(3));
    return;
  }
  if (process.argv[2] === 'captures') {
    const { runCaptures } = await import('../captures/capturesVerb.js');
    process.exitCode = await runCaptures(process.argv.slice(3));
    return;
  }
  // Paths from import.meta.url are the bundle's (dist/server/cli.js), not this file's.
  const demoServerPath = fileURLToPath(new URL('./demo/demoServer.js', import.meta.url));
  // `mcp-inspect wrap|unwrap …`: a host's config file put on the proxy and back; no server, no page.
  if (isConfigVerbName(process.argv[2])) {
    const { runConfigVerb } = await import('../verbs/configVerbs.js');
    // This very script, by its absolute path: what a wrapped entry starts the proxy with.
    process.exitCode = await runConfigVerb(process.argv.slice(2), fileURLToPath(import.meta.url));
    return;
  }
  // `mcp-inspect workspace …`: the workspace file's servers, listed, imported and edited; no server.
  if (process.argv[2] === 'workspace') {
    const { runWorkspaceVerb } = await import('../verbs/workspaceVerb.js');
    process.exitCode = runWorkspaceVerb(process.argv.slice(2));
    return;
  }
  // `lint --all`, `test --all`: the verb over every server of the workspace, each in a run of its own.
  if (runsOverWorkspace(process.argv.slice(2))) {
    const { runAllServers } = await import('../verbs/allServers.js');
    process.exitCode = await runAllServers(process.argv.slice(2), fileURLToPath(import.meta.url));
    return;
  }
  // `mcp-inspect call …`: a headless verb, no page (a server named like a verb: `mcp-inspect -- call`).
  if (isVerbName(process.argv[2])) {
    const quickVerb = quickVerbTarget(process.argv.slice(2), demoServerPath);
    const early = quickVerb && { target: quickVerb, server: new SpawnedServer(quickVerb) };
    const { runVerb } = await import('../verbs/main.js');
    await runVerb(process.argv.slice(2), demoServerPath, early);
    return;
  }
  const quick = quickStdioTarget(process.argv.slice(2), demoServerPath);
  const started = quick === undefined ? undefined : new SpawnedServer(quick);
  const [
    { TOKEN_ENV_VAR },
    { DEFAULT_PORT, parseCli },
    { browserChoice, openBrowser, openerFor },
    { checkTokenFromEnv, generateToken, isLoopbackAddress },
    { targetLabel },
    { isBrowserBlockedPort },
    { readVersion },
  ] = await Promise.all([
    import('../../shared/http.js'),
    import('./cliOptions.js'),
    import('../oauth/openBrowser.js'),
    import('../loopback/security.js'),
    import('../targets/targetSpec.js'),
    import('../http/unsafePorts.js'),
    import('../files/version.js'),
  ]);
  const version = readVersion();
  const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
  const appSandboxDir = fileURLToPath(new URL('../app-sandbox/', import.meta.url));
  const config = parseCli(process.argv, version, demoServerPath);
  // BROWSER=none means what --no-open means, as it does for most devtools.
  if (browserChoice(process.env.BROWSER).kind === 'none') config.open = false;
  // The full parser has the last word: a server started from the quick reading runs only if it
  // is the one asked for (it then stands for it), else it is ended and the right one started.
  if (quick !== undefined && sameStdioTarget(quick, config.target)) config.target = quick;
  else started?.discard();
  // The bridge's terminal lines quote servers (their stderr tail, errors, names): shown, not obeyed.
  const log = (line: string): void => console.log(`  ${visibleControls(line)}`);

  console.log(`mcp-inspect ${version}`);
  if (!isLoopbackAddress(config.host)) {
    console.warn(
      `\n  ⚠ DANGER: listening on ${config.host}, not loopback. Anyone who can reach this address and\n` +
        `    learns the token can run any command as ${process.env.USER ?? 'you'}. Use this only on a network you trust.\n`,
    );
  }
  if (config.workspace) {
    const { file, servers } = config.workspace;
    log(`inspecting the ${servers.length} servers of ${file}`);
    for (const server of servers)
      log(
        `  ${server.name}: ${server.target ? targetLabel(server.target) : `cannot start: ${server.problem ?? ''}`}`,
      );
  } else log(`inspecting ${targetLabel(config.target)}`);
  if (isBrowserBlockedPort(config.port)) {
    console.warn(
      `  ⚠ browsers refuse to open pages on port ${config.port} (ERR_UNSAFE_PORT): the link will not load;` +
        ` choose another with --port (the default is ${DEFAULT_PORT})`,
    );
  }

  // A terminal that hung up fails every write; that must not stop the shutdown it caused.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  // Bridge code must never take the process down for something a server or page sent;
  // should a bug slip through, say so and keep serving.
  process.on('uncaughtException', (error) =>
    console.error(
      `  internal error (the bridge keeps running): ${visibleControls(String(error.stack ?? error))}`,
    ),
  );
  process.on('unhandledRejection', (error) =>
    console.error(`  internal error (the bridge keeps running): ${visibleControls(String(error))}`),
  );

  const fromEnv = process.env[TOKEN_ENV_VAR];
  const tokenProblem = fromEnv ? checkTokenFromEnv(fromEnv) : undefined;
  if (tokenProblem !== undefined) {
    console.error(`  ${TOKEN_ENV_VAR} ${tokenProblem}`);
    process.exit(1);
  }
  const token = fromEnv || generateToken();
  const earlyServer = config.workspace
    ? undefined
    : started !== undefined && config.target === quick
      ? started
      : config.target.kind === 'stdio'
        ? new SpawnedServer(config.target)
        : undefined;
  const killGraceMs = Number(process.env[KILL_GRACE_ENV_VAR]);
  const memoryScale = memoryScaleFrom(process.env[MEMORY_SCALE_ENV_VAR]);
  if (process.env[MEMORY_SCALE_ENV_VAR] !== undefined && memoryScale === undefined) {
    console.error(`  ${MEMORY_SCALE_ENV_VAR} is not a positive number: the default memory bounds apply`);
  }
  const couldNotListen = (error: unknown): never => {
    // The server started early is ended by the exit hook of processGroups.
    console.error(`  could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    process.exit(1);
  };
  // The token goes in the fragment: browsers never send it over HTTP or in Referer.
  const printLink = (origin: string): string => {
    const link = `${origin}/#token=${token}`;
    console.log(`\n  Open the inspector: ${link}\n`);
    return link;
  };
  const openLink = async (link: string): Promise<void> => {
    const browser = await openBrowser(link, openerFor(link));
    if (!browser.opened)
      log(`could not open a browser (${browser.reason}); open this link yourself:\n    ${link}`);
  };

  if (config.workspace) {
    const workspace = await startWorkspacePage(config, config.workspace.servers, config.workspace.file, {
      token,
      clientDir,
      appSandboxDir,
      version,
      log,
      killGraceMs,
      memoryScale,
    }).catch(couldNotListen);
    installShutdown(workspace);
    if (workspace.portWasTaken) log(`port ${config.port} is taken; using ${workspace.port} instead`);
    const link = printLink(workspace.origin);
    if (config.open) await openLink(link);
    return;
  }

  // The port is bound and the link printed before the bridge loads: the browser fetches and runs
  // the page (its first screen is served at once) while Express, ws and the SDK load, and what
  // the page asks of the bridge meanwhile waits for it (bridgeListener.ts).
  const { listenForBridge } = await import('../http/bridgeListener.js');
  const listener = await listenForBridge({
    host: config.host,
    port: config.port,
    clientDir,
    appSandboxDir,
    log,
  }).catch(couldNotListen);
  if (listener.bound.portWasTaken) log(`port ${config.port} is taken; using ${listener.bound.port} instead`);
  const bridge = import('../http/bridgeServer.js').then(({ startBridge }) =>
    startBridge({
      target: config.target,
      token,
      host: config.host,
      port: config.port,
      listener,
      clientDir,
      appSandboxDir,
      version,
      log,
      ...(earlyServer ? { earlyServer } : {}),
      ...(Number.isInteger(killGraceMs) && killGraceMs > 0 ? { tuning: { killGraceMs } } : {}),
      ...(memoryScale !== undefined ? { limits: scaledMemoryLimits(memoryScale) } : {}),
      collectionFile: config.collectionFile,
      // The page lists the sessions hosts run through `mcp-inspect proxy` (docs/capture.md).
      captures: {},
      // --no-open prints the authorization page's address instead of opening it.
      oauth: {
        settings: config.oauth ?? {},
        ...(config.open ? { openUrl: (url: string) => void openBrowser(url, openerFor(url)) } : {}),
      },
    }),
  );
  // Ctrl-C stops the server and the bridge cleanly, even one still loading. Hooked before the
  // link prints: whoever reads the link may signal at once, before a later line would have run.
  installShutdown({ close: async () => (await bridge).close() });
  const link = printLink(listener.bound.origin);
  const opened = config.open ? openLink(link) : undefined;
  await bridge.catch((error: unknown) => {
    console.error(`  the bridge could not start: ${(error as Error).message}`);
    process.exit(1);
  });
  await opened;
}

/**
 * `npm run inspect -- node build/index.js` (or `npm start`) in a checkout of mcp-inspect: npm
 * runs the script in the checkout's folder, but the paths the person typed (the server's, a
 * config file's, --cwd) are relative to where they ran npm, which npm passes as INIT_CWD. Only
 * for this package's own scripts: another package's script names paths from its own folder.
 */
function workFromWhereNpmWasRun(): void {
  const { INIT_CWD, npm_package_name, npm_lifecycle_event } = process.env;
  if (INIT_CWD === undefined || npm_package_name !== 'mcp-inspect') return;
  if (npm_lifecycle_event !== 'inspect' && npm_lifecycle_event !== 'start') return;
  try {
    process.chdir(INIT_CWD);
  } catch {
    // Gone since npm started: the checkout's folder it is.
  }
}

function installShutdown(bridge: Pick<RunningBridge, 'close'>): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second Ctrl-C: do not wait for a server that ignores its stdin closing, but do not
      // leave it either (nor anything its group runs).
      killAllGroupsNow();
      process.exit(130);
    }
    stopping = true;
    console.log(`\n  ${signal}: stopping the MCP server and the bridge…`);
    const forced = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    forced.unref();
    void bridge.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
}

void main();
