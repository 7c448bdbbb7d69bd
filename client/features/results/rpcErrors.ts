/** Names of the JSON-RPC error codes a person meets with MCP servers. */
const NAMES: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
  // MCP's own and the SDK's.
  [-32002]: 'Resource not found',
  [-32042]: 'URL elicitation required',
  [-32000]: 'Connection closed',
  [-32001]: 'Request timed out',
  // MCP 2026-07-28.
  [-32020]: 'Header mismatch',
  [-32021]: 'Missing required client capability',
  [-32022]: 'Unsupported protocol version',
};

export function jsonRpcErrorName(code: number): string | undefined {
  return NAMES[code] ?? (code <= -32000 && code >= -32099 ? 'Server error' : undefined);
}

/** The SDK prefixes the server's message with "MCP error <code>: "; the code is shown apart. */
export function serverMessage(message: string, code: number | undefined): string {
  return code === undefined ? message : message.replace(`MCP error ${code}: `, '');
}
