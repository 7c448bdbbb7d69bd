import { describe, expect, it } from 'vitest';
import { readPageEnvelope } from './pageEnvelopes.js';

const request = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', extra: { kept: true } },
};

describe('readPageEnvelope', () => {
  it('reads the compact form the page writes, with the message text as written', () => {
    const text = JSON.stringify({ type: 'mcp', ref: 42, message: request });
    expect(readPageEnvelope(text, true)).toEqual({
      envelope: { type: 'mcp', ref: 42, message: request },
      json: JSON.stringify(request),
    });
  });

  it('takes the general path before hello, and for any other form, relaying the message as written', () => {
    const compact = JSON.stringify({ type: 'mcp', ref: 42, message: request });
    expect(readPageEnvelope(compact, false)).toEqual({
      envelope: { type: 'mcp', ref: 42, message: request },
    });
    const spaced = JSON.stringify({ type: 'mcp', ref: 42, message: request }, null, 1);
    expect(readPageEnvelope(spaced, true)).toEqual({ envelope: { type: 'mcp', ref: 42, message: request } });
    const reordered = JSON.stringify({ ref: 42, type: 'mcp', message: request });
    expect(readPageEnvelope(reordered, true)).toEqual({
      envelope: { type: 'mcp', ref: 42, message: request },
    });
    const trailing = `${compact} `;
    expect(readPageEnvelope(trailing, true)).toEqual({
      envelope: { type: 'mcp', ref: 42, message: request },
    });
    const headers = { 'Mcp-Param-Region': 'eu' };
    const withHeaders = JSON.stringify({ type: 'mcp', ref: 42, message: request, headers });
    expect(readPageEnvelope(withHeaders, true)).toEqual({
      envelope: { type: 'mcp', ref: 42, message: request, headers },
    });
  });

  it('leaves to the schema what the compact form cannot vouch for, and says what is wrong', () => {
    const refused = [
      ['{"type":"mcp","ref":042,"message":{"jsonrpc":"2.0","method":"x"}}', 'The envelope is not JSON'],
      ['{"type":"mcp","ref":0,"message":{"jsonrpc":"2.0","method":"x"}}', 'does not match the wire schema'],
      ['{"type":"mcp","ref":1,"message":{"jsonrpc":"2.0","method":"x"},"message":1}', 'does not match'],
      ['{"type":"mcp","ref":1,"message":{"jsonrpc":"1.0","method":"x"}}', 'does not match'],
      ['{"type":"hello"}', 'does not match'],
      ['[]', 'does not match'],
    ] as const;
    for (const [text, words] of refused) {
      const read = readPageEnvelope(text, true);
      expect('error' in read ? read.error : read, text).toContain(words);
    }
  });

  it('reads the other envelopes through the schema', () => {
    expect(readPageEnvelope('{"type":"hello","wireVersion":5}', false)).toEqual({
      envelope: { type: 'hello', wireVersion: 5 },
    });
    expect(readPageEnvelope('{"type":"restart"}', true)).toEqual({ envelope: { type: 'restart' } });
  });
});
