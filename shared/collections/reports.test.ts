import { describe, expect, it } from 'vitest';
import { junitReport, summaryLines, tapReport } from './reports.js';
import type { CollectionRun } from './runner.js';

const run: CollectionRun = {
  passed: 1,
  failed: 2,
  durationMs: 1500,
  items: [
    {
      name: 'adds',
      kind: 'tool',
      subject: 'add',
      status: 'passed',
      expectations: [],
      observation: { kind: 'result', result: {}, durationMs: 12 },
    },
    {
      name: 'sum <5> & "quote" #1',
      kind: 'tool',
      subject: 'add',
      status: 'failed',
      observation: { kind: 'result', result: {}, durationMs: 3 },
      expectations: [
        {
          expectation: { type: 'succeeds' },
          pass: true,
          label: 'succeeds',
          expected: 'a result',
          actual: 'a result',
        },
        {
          expectation: { type: 'path', path: '$.structuredContent.sum', op: 'equals', value: 6 },
          pass: false,
          label: '$.structuredContent.sum equals 6',
          expected: '6',
          actual: '5',
        },
      ],
    },
    {
      name: 'typo',
      kind: 'tool',
      subject: 'ad',
      status: 'error',
      reason: 'the server has no tool "ad"',
      expectations: [],
    },
  ],
};

describe('reports', () => {
  it('TAP 14: a plan, a test point per item, a YAML block with expected and actual', () => {
    expect(tapReport(run)).toBe(
      [
        'TAP version 14',
        '1..3',
        'ok 1 - adds',
        'not ok 2 - sum <5> & "quote" \\#1',
        '  ---',
        '  message: an expectation failed',
        '  severity: fail',
        '  failures:',
        '    - expectation: "$.structuredContent.sum equals 6"',
        '      expected: "6"',
        '      actual: "5"',
        '  ...',
        'not ok 3 - typo',
        '  ---',
        '  message: "the server has no tool \\"ad\\""',
        '  severity: error',
        '  ...',
        '',
      ].join('\n'),
    );
  });

  it('JUnit: escaped names; a failure per failing expectation, an error for no answer', () => {
    const xml = junitReport(run, { suite: 'demo', timestamp: '2026-01-01T00:00:00.000Z' });
    expect(xml).toContain(
      '<testsuite name="demo" tests="3" failures="1" errors="1" skipped="0" time="1.500"',
    );
    expect(xml).toContain(
      '<testcase name="sum &lt;5&gt; &amp; &quot;quote&quot; #1" classname="demo" time="0.003">',
    );
    expect(xml).toContain(
      '<failure message="$.structuredContent.sum equals 6: expected 6, got 5" type="expectation">',
    );
    expect(xml).toContain('<error message="the server has no tool &quot;ad&quot;" type="no-answer">');
  });

  it('the summary for a person', () => {
    expect(summaryLines(run, 'demo')).toEqual([
      'demo',
      '  ✓ adds  tool add (12 ms)',
      '  ✗ sum <5> & "quote" #1  tool add (3 ms)',
      '      ✗ $.structuredContent.sum equals 6',
      '          expected: 6',
      '          actual:   5',
      '  ✗ typo  tool ad',
      '      the server has no tool "ad"',
      '',
      '1 passed, 1 failed, 1 did not run (3 items, 1500 ms)',
    ]);
  });
});
