import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  API_WORKSPACE_EDIT_PATH,
  API_WORKSPACE_PATH,
  type WorkspaceView,
} from '../../shared/workspace/pageWire.js';
import { addServer, type Edited } from '../../shared/workspace/format.js';
import type { RunningAppSandbox } from '../appSandbox/sandboxServer.js';
import { guardApi, guardEveryRequest } from './guards.js';
import { targetLabel } from '../targets/targetSpec.js';
import { planImport } from '../workspace/importHost.js';
import { readFirstScreenFiles, serveFirstScreen } from './firstScreen.js';
import { hostConfigRouter } from './hostConfigRoute.js';
import { pageCsp } from './pageCsp.js';
import { servePrecompressed } from './precompressed.js';
import type { Slot, WorkspaceBridgeOptions } from './workspaceBridge.js';
import { editWorkspace, type SlotEdits, type WorkspaceFileKeeper } from './workspaceEdits.js';

export interface WorkspaceRouteContext {
  options: WorkspaceBridgeOptions;
  /** The servers of this run, in order; an import adds to them. */
  slots: readonly Slot[];
  hosts: () => Set<string>;
  sandbox: () => RunningAppSandbox | undefined;
  /** What the bridge does with its servers once an import or an edit changed the file. */
  edits: SlotEdits;
  /** The workspace file as this run last read or wrote it: every write goes through it. */
  keeper: WorkspaceFileKeeper;
}

/** A config's path or a host's name, and a few server names. */
const MAX_IMPORT_BODY = '16kb';
/** A server from the page's form: its command line, environment or headers. */
const MAX_EDIT_BODY = '64kb';

const ImportRequestSchema = z.object({
  /** A host's shorthand (claude-desktop, cursor, …) or a config file's path. */
  config: z.string().min(1).max(4096),
  servers: z.array(z.string().max(200)).max(200).optional(),
  dryRun: z.boolean().optional(),
});

/**
 * The workspace page's own routes: its list of servers, connect and disconnect, Import from… a
 * host's config (previewed, then written to the workspace file and started), and its files.
 */
export function workspaceRoutes(context: WorkspaceRouteContext): express.Router {
  const { options, slots, hosts, sandbox, keeper } = context;
  const router = express.Router();
  // It frames the servers' pages, on its own origin, and nothing else.
  router.use(guardEveryRequest(hosts, (host) => pageCsp(sandbox(), host, 'none', ["'self'"])));
  router.use('/api', guardApi(options.token, hosts));
  router.get(API_WORKSPACE_PATH, (_req: Request, res: Response) => {
    const view: WorkspaceView = {
      ...(options.file === undefined ? {} : { file: options.file }),
      ...(keeper.revision === undefined ? {} : { revision: keeper.revision }),
      servers: slots.map((slot) => ({
        id: slot.id,
        name: slot.spec.name,
        label: slot.spec.target ? targetLabel(slot.spec.target) : '',
        kind: slot.spec.target?.kind ?? 'stdio',
        state: slot.session?.state ?? null,
        ...(slot.spec.problem === undefined ? {} : { problem: slot.spec.problem }),
      })),
    };
    res.json(view);
  });
  router.post(`${API_WORKSPACE_PATH}/:id/:action`, (req: Request, res: Response) => {
    const id = String(req.params.id);
    const slot = slots.find((each) => each.id === id);
    const action = req.params.action;
    if (!slot?.session || (action !== 'connect' && action !== 'disconnect')) {
      res.status(404).json({ error: 'No such server or action' });
      return;
    }
    void (action === 'connect' ? slot.session.restart() : slot.session.stop());
    res.json({ ok: true });
  });
  router.post(`${API_WORKSPACE_PATH}/import`, express.json({ limit: MAX_IMPORT_BODY }), (req, res) => {
    const answer = importInto(context, req.body);
    res.status(answer.status).json(answer.body);
  });
  // Add a server from the page's form, rename, move or remove one: the file, then the list.
  router.post(API_WORKSPACE_EDIT_PATH, express.json({ limit: MAX_EDIT_BODY }), (req, res) => {
    void editWorkspace(
      { keeper, slots: context.edits, ...(options.reread ? { reread: options.reread } : {}) },
      req.body,
    ).then((answer) => res.status(answer.status).json(answer.body));
  });
  // Which hosts' configs are where, for Import from… (the same list as the Hosts tab's).
  router.use(hostConfigRouter());
  router.use('/api', (_req: Request, res: Response) => {
    res.status(404).json({ error: 'No such route' });
  });
  router.use('/api', bodyRefused);
  if (options.clientDir !== undefined) {
    const clientDir = options.clientDir;
    // The workspace's own page at the root; the rest (scripts, styles) as for one server.
    router.get('/', (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile('workspace.html', { root: clientDir });
    });
    router.use(serveFirstScreen(readFirstScreenFiles(clientDir)));
    router.use(servePrecompressed(clientDir));
    router.use(express.static(clientDir, { index: false, fallthrough: true }));
  }
  router.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return router;
}

/**
 * A body the JSON reader refused (not JSON, too large): said in words the page shows, never
 * Express's own answer (its stack trace, as HTML).
 */
function bodyRefused(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
  const words =
    type === 'entity.parse.failed'
      ? 'the body is not JSON'
      : type === 'entity.too.large'
        ? 'the body is too large'
        : code === 500
          ? 'mcp-inspect could not answer this request'
          : 'the request was refused';
  res.status(code).json({ error: words });
}

/** An import previewed (`dryRun`) or done: the servers as written, what changed on the way. */
function importInto(context: WorkspaceRouteContext, body: unknown): { status: number; body: unknown } {
  const parsed = ImportRequestSchema.safeParse(body);
  if (!parsed.success)
    return {
      status: 400,
      body: {
        error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      },
    };
  const reread = context.options.reread;
  if (context.keeper.file === undefined || reread === undefined)
    return { status: 409, body: { error: 'this page was not started from a workspace file' } };
  const read = context.keeper.read();
  if ('refused' in read) return read.refused;
  const { state } = read;
  const file = state.path;
  const plan = planImport(
    parsed.data.config,
    state.workspace.servers.map((server) => server.name),
    parsed.data.servers ?? [],
  );
  if ('error' in plan) return { status: 400, body: { error: plan.error } };
  const preview = { config: plan.path, file, imported: plan.imported, skipped: plan.skipped };
  if (parsed.data.dryRun !== false) return { status: 200, body: preview };
  if (plan.imported.length === 0)
    return { status: 400, body: { error: `${plan.path} has no server to import` } };
  let edited: Edited = { workspace: state.workspace };
  for (const one of plan.imported)
    if ('workspace' in edited) edited = addServer(edited.workspace, one.server);
  if ('error' in edited) return { status: 400, body: { error: edited.error } };
  const refused = context.keeper.write(state, edited.workspace);
  if (refused) return refused;
  const servers = reread();
  if ('error' in servers) return { status: 409, body: { error: servers.error } };
  const known = new Set(context.slots.map((slot) => slot.spec.name));
  context.edits.add(servers.servers.filter((spec) => !known.has(spec.name)));
  return { status: 200, body: { ...preview, written: true } };
}
