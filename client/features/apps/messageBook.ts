import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import { isRequest, isResponse } from '../../../shared/jsonRpcShape';
import type { AppDirection } from '../../../shared/wire';

/** What one message means given the ones before it. */
export interface MessageFacts {
  /** For a response: the method of the request it answers. */
  requestMethod?: string;
  /** For the host's answer to an app's request: the MCP requests the page sent for it. */
  mcpIds?: RequestId[];
}

/**
 * The requests in flight between an app and the host, both ways, so a response can be named by
 * its request's method and the host's answer can name the MCP requests it caused. Ids are the
 * app's (or the bridge's) own: they never meet MCP ids.
 */
export class MessageBook {
  private fromApp = new Map<string, string>();
  private fromHost = new Map<string, string>();
  private causes = new Map<string, RequestId[]>();

  /** The page sent this MCP request to answer the app's request `appId`. */
  caused(appId: RequestId, mcpId: RequestId): void {
    const key = idKey(appId);
    this.causes.set(key, [...(this.causes.get(key) ?? []), mcpId]);
  }

  see(dir: AppDirection, message: JSONRPCMessage): MessageFacts {
    if (isRequest(message)) {
      (dir === 'appToHost' ? this.fromApp : this.fromHost).set(idKey(message.id), message.method);
      return {};
    }
    if (!isResponse(message) || message.id === undefined) return {};
    const key = idKey(message.id);
    const requests = dir === 'hostToApp' ? this.fromApp : this.fromHost;
    const requestMethod = requests.get(key);
    requests.delete(key);
    if (dir !== 'hostToApp') return requestMethod ? { requestMethod } : {};
    const mcpIds = this.causes.get(key);
    this.causes.delete(key);
    return { ...(requestMethod ? { requestMethod } : {}), ...(mcpIds ? { mcpIds } : {}) };
  }
}

/** Ids 1 and "1" are different JSON-RPC ids. */
function idKey(id: RequestId): string {
  return typeof id === 'string' ? JSON.stringify(id) : String(id);
}
