import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { elicitResult, parseElicitFlags } from './elicitPlan.js';

describe('--elicit', () => {
  it('reads one answer for every question, and answers by input request key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-inspect-elicit-'));
    writeFileSync(join(dir, 'answer.json'), '{"goOn":true}');
    const plan = parseElicitFlags([
      '{"name":"Ada"}',
      `go_on=@${join(dir, 'answer.json')}`,
      'welcome=decline',
    ]);
    expect(plan).toEqual({
      all: { action: 'accept', content: { name: 'Ada' } },
      byKey: new Map([
        ['go_on', { action: 'accept', content: { goOn: true } }],
        ['welcome', { action: 'decline' }],
      ]),
    });
    expect(parseElicitFlags(['cancel'])).toMatchObject({ all: { action: 'cancel' } });
  });

  it('refuses what is not an answer, saying which flag', () => {
    expect(parseElicitFlags(['yes'])).toMatchObject({
      error: expect.stringMatching(/^--elicit yes: expected decline, cancel/),
    });
    expect(parseElicitFlags(['[1]'])).toEqual({
      error: '--elicit [1]: the content of an elicitation answer is a JSON object',
    });
    expect(parseElicitFlags(['decline', 'cancel'])).toMatchObject({
      error: expect.stringMatching(/given twice/),
    });
    expect(parseElicitFlags(['k=decline', 'k=cancel'])).toEqual({ error: '--elicit k=… is given twice' });
  });

  it("fills in the requested schema's defaults the answer leaves out (SEP-1034)", () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        seats: { type: 'integer', default: 2 },
        vip: { type: 'boolean', default: false },
      },
    };
    expect(elicitResult({ action: 'accept', content: { name: 'Ada', vip: true } }, schema)).toEqual({
      action: 'accept',
      content: { name: 'Ada', seats: 2, vip: true },
    });
    expect(elicitResult({ action: 'decline' }, schema)).toEqual({ action: 'decline' });
  });
});
