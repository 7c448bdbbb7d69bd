import type {
  CallToolResult,
  Client,
  Implementation,
  JSONRPCMessage,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
import {
  AppBridge,
  type McpUiAppCapabilities,
  type McpUiDisplayMode,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCspDomains } from '../../../shared/appCsp';
import type { AppDirection, AppMessageOut } from '../../../shared/wire';
import type { ListChanges, ListKind } from '../../../shared/core';
import { describeDrops, type AppMessageLimits, type DroppedMessages } from '../../appSandbox/messageBudget';
import type { SandboxReport } from '../../appSandbox/sandboxProtocol';
import { AppLog, type AppLogEntry } from './appLog';
import { hostCapabilities, installAppHandlers } from './appHandlers';
import { appMessageOut } from './appMessageOut';
import type { SandboxPage } from './appQueries';
import type { AppResource } from './appResource';
import type { ConfirmRequest } from './appToolCalls';
import { MessageBook } from './messageBook';
import { describeMessage } from './messageSummary';
import { SandboxTransport } from './sandboxTransport';

const HOST_INFO: Implementation = { name: 'mcp-inspect', version: __APP_VERSION__ };

/** How long a sandbox page or an app may take before the person is told it is stuck. */
export const STALL_MS = 8_000;

export type AppPhase =
  /** The resource and the sandbox's address are being fetched. */
  | 'loading'
  /** The sandbox page is loading. */
  | 'sandbox'
  /** The app's HTML was handed over; it has not sent ui/initialize yet. */
  | 'handshake'
  /** ui/initialize was answered; ui/notifications/initialized has not come. */
  | 'initializing'
  | 'ready'
  /** Closed by the person or at the app's request. */
  | 'closed';

export interface AppSnapshot {
  phase: AppPhase;
  /** Why the app cannot be shown or is stuck, where the person looks. Cleared when it recovers. */
  problem: string | undefined;
  log: readonly AppLogEntry[];
  appInfo: Implementation | undefined;
  appCapabilities: McpUiAppCapabilities | undefined;
  displayMode: McpUiDisplayMode;
  /**
   * A display mode the app asked for that would cover the page (fullscreen, picture-in-picture):
   * offered to the person, set only on their click.
   */
  displayOffer: McpUiDisplayMode | undefined;
  /** The size the app last reported (ui/notifications/size-changed). */
  reportedSize: { width?: number; height?: number } | undefined;
  /** The latest ui/update-model-context. */
  modelContext: unknown;
  /** An app's tools/call waiting for the person's yes (a tool that may be destructive). */
  confirm: ConfirmRequest | undefined;
  /** Uncaught errors and CSP violations the sandbox reported. */
  problems: number;
  /**
   * Set while a view opened before a call shows that call (above the calls, where it was opened);
   * the call's own card then points there instead of opening a second app.
   */
  shownForCall: number | undefined;
}

export interface AppSessionDeps {
  /** Which rendering this is, for the traffic pane (e.g. "call 3 · weather_dashboard"). */
  view: string;
  uri: string;
  generation: number;
  tool: Tool;
  client: Client;
  serverName: string;
  serverCapabilities: ServerCapabilities | undefined;
  /** The server's tools as listed now: an app may only call those, and only if visible to apps. */
  tools: () => Tool[] | undefined;
  /** The server's list_changed, passed on to the app for the lists the host serves it. */
  listChanges: ListChanges;
  /** Puts a message in the traffic pane through the bridge. */
  report: (message: Omit<AppMessageOut, 'type'>) => void;
}

/**
 * The host side of one MCP App view, outside React so its log and what it was sent survive the
 * view being unmounted (another tool picked, then this one again): a remount attaches a new frame
 * and a new AppBridge, and the app gets its input and result again.
 *
 * All messaging is the ext-apps AppBridge over the SDK's PostMessageTransport; this class decides
 * what the host answers (the same confirmation rules as the person's own calls) and keeps what
 * the person needs to see.
 */
export class AppSession {
  private snapshot: AppSnapshot = {
    phase: 'loading',
    problem: undefined,
    log: [],
    appInfo: undefined,
    appCapabilities: undefined,
    displayMode: 'inline',
    displayOffer: undefined,
    reportedSize: undefined,
    modelContext: undefined,
    confirm: undefined,
    problems: 0,
    shownForCall: undefined,
  };
  private readonly listeners = new Set<() => void>();
  private readonly log = new AppLog();
  private bridge: AppBridge | undefined;
  private stallTimer: ReturnType<typeof setTimeout> | undefined;
  private initialized = false;
  /** The latest context, sent in ui/initialize or, changed, once the app is initialized. */
  private context: McpUiHostContext = {};
  /** What the view is to show; replayed on every attach, in this order, once the app is initialized. */
  private partialInput: Record<string, unknown> | undefined;
  private input: Record<string, unknown> | undefined;
  private outcome: { result: CallToolResult } | { cancelled: string } | undefined;
  private sent = { partial: false, input: false, outcome: false };
  private book = new MessageBook();
  private view: string;
  /** Loads of the current frame, and sandbox-proxy-ready messages from it: one each, never more. */
  private frameLoads = 0;
  private sandboxReadies = 0;
  private cspNoted = false;
  /** Problems counted and not yet in the snapshot (published with the log). */
  private problemCount = 0;
  /** The log changed and the view has not been told yet (see publishLog). */
  private logTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly deps: AppSessionDeps) {
    this.view = deps.view;
  }

  /** A view opened before a call becomes that call's view, named after it from then on. */
  adoptCall(callId: number, view: string): void {
    this.view = view;
    this.note(`now the view of ${view}`, 'info');
    this.update({ shownForCall: callId });
  }

  /** The staged area lets go of it: the call's own card shows it from now on. */
  release(): void {
    this.update({ shownForCall: undefined });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AppSnapshot => this.snapshot;

  // ─── What the view shows ────────────────────────────────────────────────────────────────

  /** The arguments the person is still writing (ui/notifications/tool-input-partial). */
  stagePartialInput(args: Record<string, unknown>): void {
    if (this.input !== undefined) return; // the spec: no partial input once the full input went
    this.partialInput = args;
    this.sent.partial = false;
    this.flush();
  }

  /** The call's arguments (ui/notifications/tool-input), sent once per attach. */
  setToolInput(args: Record<string, unknown>): void {
    if (this.input !== undefined) return;
    this.input = args;
    this.flush();
  }

  setToolResult(result: CallToolResult): void {
    if (this.outcome) return;
    this.outcome = { result };
    this.flush();
  }

  setToolCancelled(reason: string): void {
    if (this.outcome) return;
    this.outcome = { cancelled: reason };
    this.flush();
  }

  /** The host context as the person set it; the bridge sends what changed. */
  setContext(context: McpUiHostContext): void {
    this.context = context;
    if (this.initialized) this.bridge?.setHostContext(context);
  }

  /** The person's choice (or an app's request that covers nothing): it settles any offer. */
  setDisplayMode(mode: McpUiDisplayMode): void {
    this.update({ displayMode: mode, displayOffer: undefined });
  }

  /** The person turns down the display mode the app asked for. */
  declineDisplayOffer(): void {
    const offer = this.snapshot.displayOffer;
    if (offer === undefined) return;
    this.note(`did not switch to ${offer}: the person declined`, 'info');
    this.update({ displayOffer: undefined });
  }

  /** The resource could not be read, or the sandbox is not there: nothing to attach. */
  fail(problem: string): void {
    if (this.snapshot.problem === problem) return;
    this.note(problem, 'error');
    this.update({ problem });
  }

  // ─── The frame ──────────────────────────────────────────────────────────────────────────

  /**
   * Connects an AppBridge to a sandbox frame that has just been put in the page (before it
   * loads, so its ready message is not missed). Returns the detach function.
   */
  attach(frame: HTMLIFrameElement, resource: AppResource, sandbox: SandboxPage): () => void {
    const target = frame.contentWindow;
    if (!target) {
      this.fail('The app frame has no window to talk to.');
      return () => undefined;
    }
    if (sandbox.origin === location.origin) {
      this.fail("The app sandbox shares the inspector's origin; the app was not loaded.");
      return () => undefined;
    }
    this.initialized = false;
    this.sent = { partial: false, input: false, outcome: false };
    this.frameLoads = 0;
    this.sandboxReadies = 0;
    this.noteCsp(sandbox);
    const csp = sandbox.csp;
    const bridge = new AppBridge(null, HOST_INFO, hostCapabilities(this.deps, resource, csp), {
      hostContext: this.context,
    });
    this.bridge = bridge;
    this.book = new MessageBook();
    this.installLifecycle(bridge, resource, csp);
    const stopListening = this.deps.listChanges.listen((generation, kind) => {
      if (generation === this.deps.generation && this.initialized && this.bridge === bridge) {
        this.tellListChanged(bridge, kind);
      }
    });
    installAppHandlers(bridge, {
      deps: this.deps,
      caused: (appId, mcpId) => this.book.caused(appId, mcpId),
      askConfirmation: (confirm) => this.update({ confirm }),
      modelContext: (modelContext) => this.update({ modelContext }),
      appDisplayModes: () => this.snapshot.appCapabilities?.availableDisplayModes,
      displayMode: () => this.snapshot.displayMode,
      setDisplayMode: (displayMode) => this.setDisplayMode(displayMode),
      offerDisplayMode: (displayOffer) => {
        this.note(`asks for ${displayOffer}, which covers the page: offered to the person`, 'info');
        this.update({ displayOffer });
      },
    });
    const transport = new SandboxTransport(target, sandbox.origin, {
      onMessage: (dir, message) => this.onMessage(dir, message),
      onMalformed: (data, problem) => this.onMalformed(data, problem),
      onSandboxReport: (report, message) => this.onSandboxReport(report, message),
      onDropped: (drops, limits) => this.onDropped(drops, limits),
    });
    this.update({ phase: 'sandbox', problem: undefined });
    this.stall('The sandbox page did not load: is mcp-inspect still running?');
    bridge
      .connect(transport)
      .catch((error: unknown) => this.fail(`The host bridge could not start: ${String(error)}`));
    return () => {
      stopListening();
      this.detach(bridge);
    };
  }

  /** The person closes the app: it is told first (ui/resource-teardown), as the spec asks. */
  async close(reason: string): Promise<void> {
    const bridge = this.bridge;
    if (bridge && this.initialized) {
      await Promise.race([
        bridge.teardownResource({}).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
      // Told once: the frame going away next does not tell it again.
      this.initialized = false;
    }
    this.note(`closed: ${reason}`, 'info');
    this.update({ phase: 'closed' });
  }

  /** Opens a closed app again: the view attaches a new frame. */
  reopen(): void {
    this.update({ phase: 'loading', problem: undefined });
  }

  /**
   * The sandbox frame finished loading a document. Once is the sandbox page; again means the page
   * was navigated (an app can do it: it shares the sandbox page's origin) or reloaded, and what
   * loaded is nothing the host put there. The app is stopped, never handed over again.
   */
  frameLoaded(): void {
    this.frameLoads += 1;
    if (this.frameLoads > 1) {
      this.stopReloaded('The sandbox page was navigated away or reloaded (an app can do that from inside)');
    }
  }

  private stopReloaded(what: string): void {
    if (this.snapshot.phase === 'closed') return;
    clearTimeout(this.stallTimer);
    // Nothing more goes to that frame, not even ui/resource-teardown: it is not the app's any more.
    this.initialized = false;
    const bridge = this.bridge;
    this.bridge = undefined;
    if (bridge) void bridge.close().catch(() => undefined);
    const problem = `${what}: mcp-inspect stopped the app. Open it again to start it afresh.`;
    this.note(problem, 'error');
    this.update({ phase: 'closed', problem, displayOffer: undefined });
  }

  private detach(bridge: AppBridge): void {
    clearTimeout(this.stallTimer);
    if (this.bridge === bridge) this.bridge = undefined;
    // A view going away cannot wait for the app's answer; it is told all the same.
    if (this.initialized) void bridge.teardownResource({}, { timeout: 1_000 }).catch(() => undefined);
    void bridge.close().catch(() => undefined);
  }

  /** The handshake, as the spec orders it: sandbox ready, HTML in, ui/initialize, initialized. */
  private installLifecycle(bridge: AppBridge, resource: AppResource, csp: Required<AppCspDomains>): void {
    bridge.addEventListener('sandboxready', () => {
      this.sandboxReadies += 1;
      if (this.sandboxReadies > 1) {
        this.stopReloaded(
          'The sandbox said it was ready a second time (its page was reloaded, or the app said so)',
        );
        return;
      }
      this.update({ phase: 'handshake' });
      this.stall('The app has not sent ui/initialize: it never started its side of the handshake.');
      void bridge.sendSandboxResourceReady({
        html: resource.html,
        csp,
        ...(resource.permissions ? { permissions: resource.permissions } : {}),
      });
    });
    bridge.addEventListener('initialized', () => {
      clearTimeout(this.stallTimer);
      this.initialized = true;
      this.update({
        phase: 'ready',
        problem: undefined,
        appInfo: bridge.getAppVersion(),
        appCapabilities: bridge.getAppCapabilities(),
      });
      // What changed while the app was starting goes now (the spec: nothing before initialized).
      bridge.setHostContext(this.context);
      this.flush();
    });
    bridge.addEventListener('sizechange', (size) => this.update({ reportedSize: size }));
    bridge.addEventListener('requestteardown', () => void this.close('the app asked to be closed'));
    // Shown through the message log; registered so the bridge accepts them.
    bridge.addEventListener('loggingmessage', () => undefined);
    bridge.onerror = (error) => this.note(`host bridge: ${error.message}`, 'warning');
  }

  // ─── What crosses postMessage ──────────────────────────────────────────────────────────

  private onMessage(dir: AppDirection, message: JSONRPCMessage): void {
    const { requestMethod, mcpIds } = this.book.see(dir, message);
    if (dir === 'appToHost' && 'method' in message && message.method === 'ui/initialize') {
      this.update({ phase: 'initializing' });
      this.stall(
        'The app sent ui/initialize but never ui/notifications/initialized: its handshake is not complete.',
      );
    }
    this.log.add(describeMessage(dir, message, requestMethod));
    this.publishLogSoon();
    this.deps.report(appMessageOut({ ...this.where(), dir, data: message, ...(mcpIds ? { mcpIds } : {}) }));
  }

  private onMalformed(data: unknown, problem: string): void {
    this.log.add({ dir: 'appToHost', title: `malformed message: ${problem}`, level: 'error', detail: data });
    this.problemCount += 1;
    this.publishLogSoon();
    this.deps.report(appMessageOut({ ...this.where(), dir: 'appToHost', data, problem }));
  }

  /**
   * The sandbox page's report, which is the app's word: the app shares the sandbox's origin and
   * can send one or rewrite the page that does. So it goes in the app's log as from the app, and
   * never in the host's own voice (the problem line above the app). Counted as a problem when
   * the app broke; a CSP block is a warning (zod probes eval, for one).
   */
  private onSandboxReport(report: SandboxReport, message: JSONRPCMessage): void {
    const what: Record<SandboxReport['kind'], string> = {
      csp: 'blocked',
      refused: 'sandbox refused',
      unhandledrejection: 'unhandled rejection',
      error: 'uncaught error',
      limit: 'sandbox limit',
    };
    const warning = report.kind === 'csp' || report.kind === 'limit';
    this.log.add({
      dir: 'appToHost',
      title: `${what[report.kind]}: ${report.message}${report.where ? ` (${report.where})` : ''}`,
      level: warning ? 'warning' : 'error',
      detail: report,
    });
    if (!warning) this.problemCount += 1;
    this.publishLogSoon();
    this.deps.report(appMessageOut({ ...this.where(), dir: 'appToHost', data: message }));
  }

  /** The host's own note: it dropped what the app sent past its budget. */
  private onDropped(drops: DroppedMessages, limits: AppMessageLimits): void {
    this.note(`mcp-inspect ${describeDrops(drops, limits)}`, 'warning');
  }

  /** Once per view: what the app's CSP left out of what its resource declared. */
  private noteCsp(sandbox: SandboxPage): void {
    if (this.cspNoted) return;
    this.cspNoted = true;
    for (const entry of sandbox.dropped) {
      this.note(`CSP: left out ${entry.value} (${entry.list}): ${entry.reason}`, 'warning');
    }
  }

  private where(): { generation: number; view: string; uri: string } {
    return { generation: this.deps.generation, view: this.view, uri: this.deps.uri };
  }

  // ─── Lifecycle ──────────────────────────────────────────────────────────────────────────

  /** Sends what the app has not had yet, in the spec's order, once it is initialized. */
  private flush(): void {
    const bridge = this.bridge;
    if (!bridge || !this.initialized) return;
    if (this.partialInput && !this.sent.partial && !this.sent.input) {
      this.sent.partial = true;
      void bridge.sendToolInputPartial({ arguments: this.partialInput });
    }
    if (this.input && !this.sent.input) {
      this.sent.input = true;
      void bridge.sendToolInput({ arguments: this.input });
    }
    if (this.outcome && this.sent.input && !this.sent.outcome) {
      this.sent.outcome = true;
      if ('result' in this.outcome) void bridge.sendToolResult(this.outcome.result);
      else void bridge.sendToolCancelled({ reason: this.outcome.cancelled });
    }
  }

  /**
   * Passes a list_changed on for the lists the host serves the app (installAppHandlers; tools
   * and resources also in hostCapabilities): it may have listed them through the host, and the
   * spec has the host forward the change.
   */
  private tellListChanged(bridge: AppBridge, kind: ListKind): void {
    const server = this.deps.serverCapabilities;
    if (kind === 'tools' && server?.tools) void bridge.sendToolListChanged().catch(() => undefined);
    if (kind === 'resources' && server?.resources) {
      void bridge.sendResourceListChanged().catch(() => undefined);
    }
    if (kind === 'prompts' && server?.prompts) void bridge.sendPromptListChanged().catch(() => undefined);
  }

  /** Tells the person, after a while, that the app is stuck where it is. */
  private stall(problem: string): void {
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.fail(`${problem} (waited ${STALL_MS / 1000} s)`), STALL_MS);
  }

  private note(title: string, level: AppLogEntry['level']): void {
    this.log.add({ title, level });
    this.publishLog();
  }

  private publishLog(): void {
    this.update({ log: this.log.all, problems: this.problemCount });
  }

  /**
   * Messages arrive one task each, up to the app's budget a second: the view is told of them at
   * most every 50 ms, so it renders once for a burst rather than once for each.
   */
  private publishLogSoon(): void {
    this.logTimer ??= setTimeout(() => this.publishLog(), 50);
  }

  private update(patch: Partial<AppSnapshot>): void {
    if (patch.log !== undefined) {
      clearTimeout(this.logTimer);
      this.logTimer = undefined;
    }
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
