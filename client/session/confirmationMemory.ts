/**
 * "Don't ask again" for a tool, or for every tool of a server, lasts for the browser tab's
 * session: a destructive tool asks again in a new tab, where a person may not remember having
 * said yes. Per server because servers that declare no hints make every tool ask, one by one.
 */
export type SkipScope = 'tool' | 'server';

function key(server: string, tool: string | undefined): string {
  return tool === undefined
    ? `mcp-inspect.noConfirmServer:${JSON.stringify(server)}`
    : `mcp-inspect.noConfirm:${JSON.stringify([server, tool])}`;
}

export function confirmationSkipped(server: string, tool: string): boolean {
  return (
    sessionStorage.getItem(key(server, tool)) === '1' ||
    sessionStorage.getItem(key(server, undefined)) === '1'
  );
}

export function skipConfirmation(server: string, tool: string, scope: SkipScope = 'tool'): void {
  sessionStorage.setItem(key(server, scope === 'server' ? undefined : tool), '1');
}
