import { describe, expect, it } from 'vitest';
import { MessageBook } from './messageBook';

describe('MessageBook', () => {
  it("names answers by their request and hands the app's answer the MCP ids it caused", () => {
    const book = new MessageBook();
    expect(book.see('appToHost', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} })).toEqual({});
    book.caused(1, 42);
    expect(book.see('hostToApp', { jsonrpc: '2.0', id: 1, result: {} })).toEqual({
      requestMethod: 'tools/call',
      mcpIds: [42],
    });
    // The host's own requests are paired the other way, and ids 1 and "1" stay apart.
    book.see('hostToApp', { jsonrpc: '2.0', id: '1', method: 'ui/resource-teardown', params: {} });
    expect(book.see('appToHost', { jsonrpc: '2.0', id: 1, result: {} })).toEqual({});
    expect(book.see('appToHost', { jsonrpc: '2.0', id: '1', result: {} })).toEqual({
      requestMethod: 'ui/resource-teardown',
    });
  });
});
