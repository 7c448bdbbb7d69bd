import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { isErrorResponse, isResponse } from '../../../shared/jsonRpcShape';
import type { AppDirection } from '../../../shared/wire';
import type { AppLogEntry, AppLogLevel, DownloadOffer } from './appLog';
import { downloadName } from '../../components/download';

type Described = Omit<AppLogEntry, 'id' | 'at'>;

/** The log line for one JSON-RPC message between the app and the host. */
export function describeMessage(
  dir: AppDirection,
  message: JSONRPCMessage,
  requestMethod: string | undefined,
): Described {
  const base = { dir, detail: message } as const;
  if (!isResponse(message)) {
    const params = (message.params ?? {}) as Record<string, unknown>;
    return { ...base, method: message.method, ...describeCall(message.method, params) };
  }
  const method = requestMethod;
  if (isErrorResponse(message)) {
    return {
      ...base,
      ...(method ? { method } : {}),
      title: `error: ${message.error.message}`,
      level: 'error',
    };
  }
  return { ...base, ...(method ? { method } : {}), title: 'result', level: 'info' };
}

function describeCall(
  method: string,
  params: Record<string, unknown>,
): { title: string; level: AppLogLevel } & Partial<Described> {
  switch (method) {
    case 'ui/open-link': {
      const url = typeof params.url === 'string' ? params.url : '';
      return { title: `asks to open ${url}`, level: 'info', ...(isOpenableUrl(url) ? { link: url } : {}) };
    }
    case 'ui/message':
      return { title: `message to the conversation: ${contentText(params.content)}`, level: 'info' };
    case 'notifications/message': {
      const level =
        params.level === 'error' ||
        params.level === 'critical' ||
        params.level === 'alert' ||
        params.level === 'emergency'
          ? 'error'
          : params.level === 'warning'
            ? 'warning'
            : 'info';
      const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
      return {
        title: `log ${String(params.level ?? '')}${params.logger ? ` (${String(params.logger)})` : ''}: ${data}`,
        level,
      };
    }
    case 'ui/notifications/size-changed':
      return {
        title: `size changed: ${String(params.width ?? '?')} × ${String(params.height ?? '?')}`,
        level: 'info',
      };
    case 'tools/call':
      return { title: `tools/call ${String(params.name ?? '')}`, level: 'info' };
    case 'resources/read':
      return { title: `resources/read ${String(params.uri ?? '')}`, level: 'info' };
    case 'ui/download-file':
      return { title: 'offers a file to download', level: 'info', download: downloadOffers(params.contents) };
    case 'ui/request-display-mode':
      return { title: `asks for display mode ${String(params.mode ?? '')}`, level: 'info' };
    case 'ui/update-model-context':
      return { title: 'updates the model context', level: 'info' };
    case 'ui/notifications/request-teardown':
      return { title: 'asks to be closed', level: 'info' };
    default:
      return { title: method, level: 'info' };
  }
}

function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '(no content)';
  return content
    .map((block: { type?: unknown; text?: unknown }) =>
      block.type === 'text' ? String(block.text ?? '') : `[${String(block.type)}]`,
    )
    .join(' ')
    .slice(0, 300);
}

/** Links the person may open from an app: the web and mail, never javascript: or data:. */
export function isOpenableUrl(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

function downloadOffers(contents: unknown): DownloadOffer[] {
  if (!Array.isArray(contents)) return [];
  return contents.flatMap(
    (item: { type?: unknown; resource?: Record<string, unknown> }, index): DownloadOffer[] => {
      if (item.type !== 'resource' || typeof item.resource !== 'object' || item.resource === null) return [];
      const { uri, mimeType, text, blob } = item.resource;
      const type = typeof mimeType === 'string' ? mimeType : undefined;
      const name = downloadName(`download-${index + 1}`, type, typeof uri === 'string' ? uri : undefined);
      if (typeof text === 'string') return [{ name, mimeType: type, text }];
      if (typeof blob === 'string') return [{ name, mimeType: type, base64: blob }];
      return [];
    },
  );
}
