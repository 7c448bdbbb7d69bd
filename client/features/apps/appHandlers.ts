import { ProtocolError, type RequestId } from '@modelcontextprotocol/client';
import type {
  AppBridge,
  McpUiDisplayMode,
  McpUiHostCapabilities,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCspDomains } from '../../../shared/appCsp';
import type { AppResource } from './appResource';
import type { AppSessionDeps } from './appSession';
import { appToolCalls, type ConfirmRequest } from './appToolCalls';
import { isOpenableUrl } from './messageSummary';
import { requestWithId } from './requestWithId';

/** What the handlers need of the view they answer for. */
export interface HandlerHost {
  deps: AppSessionDeps;
  /** The page sent MCP request `mcpId` for the app's request `appId`. */
  caused(appId: RequestId, mcpId: RequestId): void;
  askConfirmation(request: ConfirmRequest | undefined): void;
  modelContext(params: unknown): void;
  /** The app's declared display modes, once it initialized. */
  appDisplayModes(): McpUiDisplayMode[] | undefined;
  displayMode(): McpUiDisplayMode;
  setDisplayMode(mode: McpUiDisplayMode): void;
  /** A mode that covers the page: the person is offered it, and switches with a click, or not. */
  offerDisplayMode(mode: McpUiDisplayMode): void;
}

/** What the host offers the app in ui/initialize; what the server cannot do is left out. */
export function hostCapabilities(
  deps: AppSessionDeps,
  resource: AppResource,
  csp: Required<AppCspDomains>,
): McpUiHostCapabilities {
  const server = deps.serverCapabilities;
  return {
    openLinks: {},
    downloadFile: {},
    logging: {},
    // The host passes the server's list_changed on (AppSession), so it offers what the server does.
    ...(server?.tools ? { serverTools: server.tools.listChanged ? { listChanged: true } : {} } : {}),
    ...(server?.resources
      ? { serverResources: server.resources.listChanged ? { listChanged: true } : {} }
      : {}),
    updateModelContext: {
      text: {},
      image: {},
      audio: {},
      resource: {},
      resourceLink: {},
      structuredContent: {},
    },
    message: { text: {}, image: {}, audio: {}, resource: {}, resourceLink: {} },
    sandbox: { csp, ...(resource.permissions ? { permissions: resource.permissions } : {}) },
  };
}

/**
 * The host's answers to an app's requests. Server requests go through the page's own SDK Client
 * (so they are in the traffic, each linked to the app's request); the AppBridge is given no
 * client, because with one it would also take over the client's list_changed handlers.
 */
export function installAppHandlers(bridge: AppBridge, host: HandlerHost): void {
  const { deps } = host;
  const client = deps.client;
  const forward = <T>(appId: RequestId, send: () => Promise<T>): Promise<T> => {
    const { result, id } = requestWithId(client, send);
    if (id !== undefined) host.caused(appId, id);
    return result;
  };

  const calls = appToolCalls({
    deps,
    ask: host.askConfirmation,
    settle: () => host.askConfirmation(undefined),
  });
  bridge.oncalltool = async (params, ctx) => {
    await calls.confirm(calls.check(params), params);
    return forward(ctx.mcpReq.id, () =>
      client.request({ method: 'tools/call', params }, { signal: ctx.mcpReq.signal }),
    );
  };
  if (deps.serverCapabilities?.resources) {
    bridge.onreadresource = (params, ctx) =>
      forward(ctx.mcpReq.id, () =>
        client.request({ method: 'resources/read', params }, { signal: ctx.mcpReq.signal }),
      );
    bridge.onlistresources = (params, ctx) =>
      forward(ctx.mcpReq.id, () =>
        client.request({ method: 'resources/list', params }, { signal: ctx.mcpReq.signal }),
      );
    bridge.onlistresourcetemplates = (params, ctx) =>
      forward(ctx.mcpReq.id, () =>
        client.request({ method: 'resources/templates/list', params }, { signal: ctx.mcpReq.signal }),
      );
  }
  if (deps.serverCapabilities?.prompts) {
    bridge.onlistprompts = (params, ctx) =>
      forward(ctx.mcpReq.id, () =>
        client.request({ method: 'prompts/list', params }, { signal: ctx.mcpReq.signal }),
      );
  }

  // mcp-inspect has no conversation or model: a message and a context update are shown (in the
  // log and the panel) and accepted.
  bridge.onmessage = async () => ({});
  bridge.onupdatemodelcontext = async (params) => {
    host.modelContext(params);
    return {};
  };
  bridge.onopenlink = async ({ url }) => {
    if (!isOpenableUrl(url)) {
      throw new ProtocolError(-32602, 'Invalid URL: mcp-inspect opens http, https and mailto links only');
    }
    // Shown in the log with a button: the person opens it, or not.
    return {};
  };
  // Offered in the log with a Save button per file.
  bridge.ondownloadfile = async () => ({});
  bridge.onrequestdisplaymode = async ({ mode }) => {
    const declared = host.appDisplayModes();
    // The spec: never a mode the app did not declare (when it declared any).
    if (declared !== undefined && !declared.includes(mode)) return { mode: host.displayMode() };
    // Fullscreen and picture-in-picture put the app over the inspector: only the person does
    // that. The answer is the mode as it is; if they accept, host-context-changed says so.
    if (mode !== 'inline' && mode !== host.displayMode()) host.offerDisplayMode(mode);
    else host.setDisplayMode(mode);
    return { mode: host.displayMode() };
  };
}
