// The lint engine against real SDK v2 servers, in memory: one fixture per rule family breaking
// each of its rules at least once (the fixtures say which item breaks which rule), and a clean
// server no rule finds fault with, probes included.
import { describe, expect, it } from 'vitest';
import type { McpServer, Server } from '@modelcontextprotocol/server';
import { connectClient, createCoreClient, type Answerer } from '../../shared/core/index.js';
import { v2Connection } from '../../shared/core/testServers.js';
import { inspectServer } from '../../shared/lint/inspectServer.js';
import { lintSurface, RULE_IDS, type Finding, type RuleFamily } from '../../shared/lint/index.js';
import { TrafficWatch, watchTransport } from '../../shared/lint/trafficWatch.js';
import { RULES } from '../../shared/lint/rules/index.js';
import {
  DESIGN_FIXTURE,
  PORTABILITY_FIXTURE,
  PROBE_FIXTURE,
  SPEC_FIXTURE,
  cleanServer,
} from '../testSupport/lintFixtures/families.js';
import { rawServer } from '../testSupport/lintFixtures/rawServer.js';

const nobody: Answerer = {
  elicit: () => Promise.reject(new Error('nobody to answer')),
  sample: () => Promise.reject(new Error('nobody to answer')),
  roots: () => [],
};

/** Short, so that a hang is seen soon; nothing here asserts how long anything took. */
const PROBE_TIMEOUT_MS = 1_500;

async function lintOf(
  make: () => McpServer | Server,
  options: { probe?: { all: boolean; openWorld?: boolean }; era?: 'legacy' | 'modern' } = {},
) {
  const core = createCoreClient({
    era: options.era ?? 'auto',
    clientInfo: { name: 'lint-test', version: '0' },
    answerer: nobody,
  });
  // serveStdio takes a low-level Server as well as an McpServer (the raw fixtures are the former).
  const transport = v2Connection(make as () => McpServer);
  const traffic = new TrafficWatch();
  watchTransport(transport, traffic);
  await connectClient(core.client, transport);
  try {
    const inspected = await inspectServer(core.client, {
      ...(options.probe
        ? {
            probe: {
              timeoutMs: PROBE_TIMEOUT_MS,
              all: options.probe.all,
              openWorld: options.probe.openWorld ?? false,
              oversizedChars: 200_000,
            },
          }
        : {}),
      traffic,
    });
    return { ...inspected, report: lintSurface(inspected) };
  } finally {
    await core.client.close().catch(() => undefined);
  }
}

const ruleIdsOf = (findings: Finding[]) => new Set(findings.map((finding) => finding.ruleId));
const familyRules = (family: RuleFamily) =>
  RULES.filter((rule) => rule.family === family).map((rule) => rule.id);

describe('lint fixtures: each family breaks each of its rules', () => {
  // Both eras: a modern-era client refuses a list page with one bad item whatever it is asked to
  // read it with, so the items are taken from the traffic there.
  for (const era of ['legacy', 'modern'] as const)
    it(`spec (${era}): every spec rule, with the item that broke it`, async () => {
      const { report, surface } = await lintOf(rawServer(SPEC_FIXTURE), { probe: { all: false }, era });
      const found = ruleIdsOf(report.findings);
      // protocol-version needs a server that answers a revision it should not: the SDK never does,
      // so the engine's own tests cover it with a surface as such a server gives. In the modern
      // era a change notification only travels on a subscriptions/listen stream, which lint does
      // not open: the fixture's stray one never reaches the client.
      const untestable = ['protocol-version', ...(era === 'modern' ? ['list-changed-declared'] : [])];
      for (const id of familyRules('spec').filter((id) => !untestable.includes(id)))
        expect(found, id).toContain(id);
      // The SDK refused the whole tools list (one string root): the items are linted as sent.
      expect(surface.failures?.['tools/list']).toBeDefined();
      expect(surface.tools).toHaveLength(10);
      const at = (ruleId: string) => report.findings.filter((f) => f.ruleId === ruleId).map((f) => f.path);
      expect(at('tool-name-format')).toEqual(['tools[0].name']);
      expect(at('tool-name-unique')).toEqual(['tools[2].name']);
      expect(at('schema-root-object')).toEqual(['tools[3].inputSchema']);
      expect(at('schema-valid')).toEqual(['tools[4].inputSchema']);
      expect(at('annotation-types')).toEqual(['tools[8].annotations.readOnlyHint']);
      expect(
        report.findings
          .filter((f) => f.ruleId === 'structured-content')
          .map((f) => f.subject)
          .sort(),
      ).toEqual(['no_structured', 'wrong_structured']);
      expect(
        report.findings.find((f) => f.ruleId === 'pagination' && f.path === 'prompts')?.message,
      ).toContain('never ends');
      expect(
        report.findings.find((f) => f.ruleId === 'pagination' && f.path === 'resources')?.message,
      ).toContain('fixture://paged is on page 1 and again on page 2');
      if (era === 'legacy')
        expect(report.findings.find((f) => f.ruleId === 'list-changed-declared')?.path).toBe(
          'capabilities.tools.listChanged',
        );
    });

  it('portability: every portability rule', async () => {
    const { report } = await lintOf(rawServer(PORTABILITY_FIXTURE));
    const found = ruleIdsOf(report.findings);
    for (const id of familyRules('portability')) expect(found, id).toContain(id);
    expect(report.findings.find((f) => f.ruleId === 'portable-ref')?.path).toBe(
      'tools[1].inputSchema.properties.where',
    );
    expect(report.findings.find((f) => f.ruleId === 'portable-default')?.message).toContain('default 99');
  });

  it('design: every design rule', async () => {
    const { report } = await lintOf(rawServer(DESIGN_FIXTURE));
    const found = ruleIdsOf(report.findings);
    for (const id of familyRules('design')) expect(found, id).toContain(id);
    const hidden = report.findings.find((f) => f.ruleId === 'hidden-unicode');
    expect(hidden).toMatchObject({ severity: 'error', subject: 'weather', path: 'tools[5].description' });
    expect(hidden?.message).toBe(
      '1 invisible character in text the model reads: 1 zero-width character (U+200B)',
    );
    expect(report.findings.find((f) => f.ruleId === 'model-directives')).toMatchObject({
      severity: 'error',
      subject: 'weather',
      message:
        'text addressed to the model tells it to call this tool before any other ("Before using any other tool"), and to hide something from the person ("do not tell the user")',
    });
    expect(report.findings.find((f) => f.ruleId === 'model-steering')).toMatchObject({
      severity: 'warning',
      subject: 'lookup',
    });
    expect(report.findings.find((f) => f.ruleId === 'raw-path-or-command')?.path).toBe(
      'tools[2].inputSchema.properties.path',
    );
    expect(
      report.findings
        .filter((f) => f.ruleId === 'do-everything')
        .map((f) => f.message)
        .sort(),
    ).toEqual([
      'manage_records has 10 optional parameters',
      'manage_records switches on action between 4 actions that differ in effect: reads (read), adds (create), deletes (delete), other changes (update)',
    ]);
  });

  it('probes (legacy era, which has ping): a hang, a crash and a wrong answer are findings; tools that are not read-only are left alone', async () => {
    const { report, probeSkipped, observations } = await lintOf(rawServer(PROBE_FIXTURE), {
      probe: { all: false },
      era: 'legacy',
    });
    const found = ruleIdsOf(report.findings);
    for (const id of familyRules('probe')) expect(found, id).toContain(id);
    expect(probeSkipped).toEqual([{ tool: 'wipe_everything', reason: 'not-read-only' }]);
    expect(observations?.probes?.map((p) => [p.probe, p.tool ?? null, p.answer])).toEqual([
      ['ping', null, 'timeout'],
      ['unknown-tool', null, 'result'],
      ['invalid-arguments', 'fragile_search', 'timeout'],
      ['oversized-argument', 'fragile_search', 'crash'],
    ]);
  });

  it('--probe-all with --probe-open-world widens the probes to every tool (here the first one crashes the server)', async () => {
    const { observations, probeSkipped } = await lintOf(rawServer(PROBE_FIXTURE), {
      probe: { all: true, openWorld: true },
    });
    // The modern era has no ping: the probes start with the unknown tool.
    expect(observations?.probes?.[0]?.probe).toBe('unknown-tool');
    expect(probeSkipped).toEqual([]);
    expect(observations?.probes?.find((p) => p.tool === 'wipe_everything')?.answer).toBe('crash');
  });

  for (const era of ['modern', 'legacy'] as const) {
    it(`the clean server has no finding (${era}), probes included`, async () => {
      const { report, observations } = await lintOf(cleanServer, { probe: { all: false }, era });
      expect(report.findings).toEqual([]);
      // The probes did run, and were answered as they should be.
      expect(observations?.probes?.map((p) => [p.probe, p.answer])).toEqual([
        ...(era === 'legacy' ? [['ping', 'result']] : []),
        ['unknown-tool', 'rpc-error'],
        ['invalid-arguments', expect.stringMatching(/rpc-error|is-error/)],
        ['oversized-argument', expect.stringMatching(/rpc-error|is-error/)],
      ]);
    });
  }

  it('every rule id is unique', () => {
    expect(new Set(RULE_IDS).size).toBe(RULE_IDS.length);
  });
});
