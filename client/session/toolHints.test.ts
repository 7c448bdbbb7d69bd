import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { destructiveness, effectiveHints, hintText, needsConfirmation } from './toolHints';

const tool = (annotations?: Tool['annotations']): Tool => ({
  name: 't',
  inputSchema: { type: 'object' },
  ...(annotations ? { annotations } : {}),
});

describe('effectiveHints', () => {
  it('applies the spec defaults to a tool that declares nothing, marked as defaults', () => {
    expect(effectiveHints(undefined).map(hintText)).toEqual([
      'read-only: no (default)',
      'destructive: yes (default)',
      'idempotent: no (default)',
      'open world: yes (default)',
    ]);
  });

  it('shows declared values as declared, and destructive/idempotent as n/a for a read-only tool', () => {
    expect(
      effectiveHints({ readOnlyHint: true, destructiveHint: true, openWorldHint: false }).map(hintText),
    ).toEqual([
      'read-only: yes',
      'destructive: n/a (declared yes)',
      'idempotent: n/a (default)',
      'open world: no',
    ]);
  });

  it('mixes declared and default values', () => {
    expect(effectiveHints({ readOnlyHint: false, idempotentHint: true }).map(hintText)).toEqual([
      'read-only: no',
      'destructive: yes (default)',
      'idempotent: yes',
      'open world: yes (default)',
    ]);
  });
});

describe('needsConfirmation', () => {
  it('asks for tools that are destructive and not read-only, declared or by default', () => {
    expect(needsConfirmation(tool())).toBe(true);
    expect(needsConfirmation(tool({ destructiveHint: true }))).toBe(true);
    expect(needsConfirmation(tool({ destructiveHint: false }))).toBe(false);
    expect(needsConfirmation(tool({ readOnlyHint: true }))).toBe(false);
    expect(needsConfirmation(tool({ readOnlyHint: true, destructiveHint: true }))).toBe(false);
  });
});

describe('destructiveness', () => {
  it('tells a declared destructive tool from one that is destructive by the spec default', () => {
    expect(destructiveness(tool())).toBe('default');
    expect(destructiveness(tool({ openWorldHint: false }))).toBe('default');
    expect(destructiveness(tool({ destructiveHint: true }))).toBe('declared');
    expect(destructiveness(tool({ destructiveHint: false }))).toBeUndefined();
    expect(destructiveness(tool({ readOnlyHint: true, destructiveHint: true }))).toBeUndefined();
  });
});
