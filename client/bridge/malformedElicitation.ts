import type { ElicitResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { ElicitRequestSchema } from '@modelcontextprotocol/core';
import type { ServerRequestQueue } from './serverRequests';

/**
 * The SDK answers an elicitation/create with a malformed requestedSchema by itself (-32602),
 * before any handler runs, so the person would never see it. Such a request is kept from the
 * SDK and queued, to be declined or cancelled; `reply` sends the answer out as is. True when
 * the message was taken.
 */
export function interceptMalformedElicitation(
  message: JSONRPCMessage,
  requests: ServerRequestQueue,
  reply: (message: JSONRPCMessage) => void,
): boolean {
  if (!('method' in message) || message.method !== 'elicitation/create' || !('id' in message)) return false;
  const checked = ElicitRequestSchema.safeParse(message);
  if (checked.success) return false;
  const { id } = message;
  const problem = checked.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(params)'}: ${issue.message}`)
    .join('; ');
  void requests.askMalformed(message.params, problem).then(
    (result: ElicitResult) => reply({ jsonrpc: '2.0', id, result }),
    () => undefined, // the connection closed: nobody to answer
  );
  return true;
}
