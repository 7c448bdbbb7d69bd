/**
 * "Don't ask again for this tool" lasts for the browser tab's session: a destructive tool
 * asks again in a new tab, where a person may not remember having said yes.
 */
function key(server: string, tool: string): string {
  return `mcp-inspect.noConfirm:${JSON.stringify([server, tool])}`;
}

export function confirmationSkipped(server: string, tool: string): boolean {
  return sessionStorage.getItem(key(server, tool)) === '1';
}

export function skipConfirmation(server: string, tool: string): void {
  sessionStorage.setItem(key(server, tool), '1');
}
