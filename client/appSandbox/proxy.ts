/*
 * The sandbox page: the middle frame of the MCP Apps double iframe (spec 2026-01-26, "Sandbox
 * proxy"). It runs on the sandbox listener's origin, never the inspector's, and relays
 * postMessage between the inspector's page (its parent) and the app (its inner frame), which it
 * writes from the HTML the page sends in `ui/notifications/sandbox-resource-ready`.
 *
 * The app's Content-Security-Policy is this page's own, sent as a header by the sandbox listener
 * from the address the bridge issued (and signed): the inner frame's document inherits it, and an
 * app cannot take a header back (it could a <meta> tag).
 *
 * Nothing here is a defence against the app: it shares this page's origin, so it can reach this
 * page's DOM and script. The inspector's page treats all that comes from here as the app's and
 * enforces its own limits; the ones below only spare it the flood of an app that is merely broken.
 */
import { SANDBOX_HOST_PARAM } from '../../shared/appCsp';
import { MessageBudget, PROXY_MESSAGE_LIMITS, describeDrops, estimateBytes } from './messageBudget';
import { SANDBOX_REPORT_METHOD, type SandboxReport } from './sandboxProtocol';

const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
/** What the inner frame may do: run its scripts, keep its own storage, submit forms to itself. */
const INNER_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

const hostOrigin = readHostOrigin();
const budget = new MessageBudget(PROXY_MESSAGE_LIMITS);
let dropsReport: ReturnType<typeof setTimeout> | undefined;

function readHostOrigin(): string | undefined {
  const value = new URLSearchParams(location.search).get(SANDBOX_HOST_PARAM);
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Reports count against the app's budget: an app can cause them by the thousand (blocked fetches). */
function report(body: SandboxReport): void {
  if (!hostOrigin) return;
  if (body.kind !== 'limit' && !budget.admit()) {
    reportDropsSoon();
    return;
  }
  window.parent.postMessage({ jsonrpc: '2.0', method: SANDBOX_REPORT_METHOD, params: body }, hostOrigin);
}

/**
 * True when this page could reach the inspector's: it would then share its origin, and the app
 * with it. That is a broken setup, never one to run an app in.
 */
function sharesTopOrigin(): boolean {
  try {
    return window.top !== null && window.top.document !== undefined;
  } catch {
    return false;
  }
}

function start(): void {
  if (window.parent === window || !hostOrigin) {
    document.body.textContent = 'This page runs MCP Apps inside mcp-inspect; it does nothing on its own.';
    return;
  }
  if (sharesTopOrigin()) {
    report({
      kind: 'refused',
      message: "The sandbox shares the inspector's origin; the app was not loaded.",
    });
    return;
  }
  const inner = document.createElement('iframe');
  inner.setAttribute('sandbox', INNER_SANDBOX);
  inner.title = 'MCP App';
  document.body.append(inner);

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.source === window.parent) {
      if (event.origin !== hostOrigin) return;
      if (methodOf(event.data) === RESOURCE_READY) {
        load(inner, (event.data as { params?: unknown }).params);
        return;
      }
      // Only to a document of this origin: if the app navigated its frame away, nothing leaks.
      inner.contentWindow?.postMessage(event.data, location.origin);
    } else if (event.source === inner.contentWindow && event.source !== null) {
      // Within the budget, what the app sends goes up as it is: the inspector's page validates it.
      if (!budget.admit() || !budget.admitBytes(estimateBytes(event.data, budget.limits.maxMessageBytes))) {
        reportDropsSoon();
        return;
      }
      window.parent.postMessage(event.data, hostOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, hostOrigin);
}

/** One report a second at most, however many messages are dropped. */
function reportDropsSoon(): void {
  dropsReport ??= setTimeout(() => {
    dropsReport = undefined;
    const drops = budget.takeDrops();
    if (drops) report({ kind: 'limit', message: `the sandbox proxy ${describeDrops(drops, budget.limits)}` });
  }, 1_000);
}

function methodOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { method?: unknown }).method : undefined;
}

/**
 * Writes the app into the inner frame. document.write (not srcdoc) keeps the frame on this origin,
 * where storage works as apps expect; the listeners go in after `open`, which erases earlier
 * ones, so the app's own first errors are caught too.
 */
function load(inner: HTMLIFrameElement, params: unknown): void {
  const { html, permissions } = (params ?? {}) as { html?: unknown; permissions?: unknown };
  if (typeof html !== 'string') {
    report({ kind: 'error', message: 'The inspector sent no HTML to load.' });
    return;
  }
  const allow = allowAttribute(permissions);
  if (allow) inner.setAttribute('allow', allow);
  const doc = inner.contentDocument;
  const win = inner.contentWindow;
  if (!doc || !win) {
    report({ kind: 'error', message: 'The inner frame is not reachable; the app was not loaded.' });
    return;
  }
  doc.open();
  watch(win);
  doc.write(html);
  doc.close();
}

function watch(win: Window): void {
  win.addEventListener('error', (event: ErrorEvent) => {
    const error = event.error as { stack?: unknown } | undefined;
    report({
      kind: 'error',
      message: event.message || 'An error without a message',
      ...(event.filename ? { where: `${event.filename}:${event.lineno}:${event.colno}` } : {}),
      ...(typeof error?.stack === 'string' ? { stack: error.stack.slice(0, 4000) } : {}),
    });
  });
  win.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const reason = event.reason as { message?: unknown; stack?: unknown } | undefined;
    report({
      kind: 'unhandledrejection',
      message: typeof reason?.message === 'string' ? reason.message : String(event.reason),
      ...(typeof reason?.stack === 'string' ? { stack: reason.stack.slice(0, 4000) } : {}),
    });
  });
  win.addEventListener(
    'securitypolicyviolation',
    (event: SecurityPolicyViolationEvent) => {
      report({
        kind: 'csp',
        message: `Blocked by the app's Content-Security-Policy (${event.effectiveDirective}): ${event.blockedURI || 'inline'}`,
        where: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : event.effectiveDirective,
      });
    },
    true,
  );
}

/** The Permission Policy features the resource asked for (camera, microphone, …). */
function allowAttribute(permissions: unknown): string {
  if (typeof permissions !== 'object' || permissions === null) return '';
  const features: Record<string, string> = {
    camera: 'camera',
    microphone: 'microphone',
    geolocation: 'geolocation',
    clipboardWrite: 'clipboard-write',
  };
  return Object.entries(features)
    .filter(([key]) => (permissions as Record<string, unknown>)[key] !== undefined)
    .map(([, feature]) => feature)
    .join('; ');
}

start();
