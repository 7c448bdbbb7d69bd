import { describe, expect, it } from 'vitest';
import { appMessageOut, toJson } from './appMessageOut';

const where = { generation: 1, view: 'call 1', uri: 'ui://a/b.html' } as const;

describe('app messages for the traffic', () => {
  it('are made JSON-safe whatever the app posted', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(toJson({ when: new Date(0), big: 10n, map: new Map([[1, 2]]), cyclic, nan: Number.NaN })).toEqual({
      when: '1970-01-01T00:00:00.000Z',
      big: '10n',
      map: '[Map of 1]',
      cyclic: { a: 1, self: '[cycle or too deep]' },
      nan: 'NaN',
    });
  });

  it('leave out the app HTML handed to the sandbox, and keep only the envelope of a large message', () => {
    const ready = appMessageOut({
      ...where,
      dir: 'hostToApp',
      data: {
        jsonrpc: '2.0',
        method: 'ui/notifications/sandbox-resource-ready',
        params: { html: '<p>x</p>' },
      },
    });
    expect(ready).toMatchObject({
      elided: true,
      message: { params: { html: '[8 characters of HTML: the resources/read answer]' } },
    });
    const big = appMessageOut({
      ...where,
      dir: 'hostToApp',
      data: { jsonrpc: '2.0', id: 3, result: { text: 'x'.repeat(300_000) } },
      mcpIds: [9],
    });
    expect(big).toMatchObject({ elided: true, message: { jsonrpc: '2.0', id: 3, result: {} }, mcpIds: [9] });
    expect(big.bytes).toBeGreaterThan(300_000);
  });
});
