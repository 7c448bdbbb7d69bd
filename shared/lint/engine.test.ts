// The engine on surfaces written out as a server would give them: settings from the person's
// config (off, another severity), the config's own problems said with line and column, the order
// and counts of findings, and the rules that need a surface no SDK server produces.
import { describe, expect, it } from 'vitest';
import type { Surface } from '../core/surface.js';
import { describeConfigProblem, lintSurface, parseLintConfig, RULE_IDS, ruleInfos } from './index.js';

const surface = (extra: Partial<Surface> = {}): Surface => ({
  era: 'legacy',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 'literal', version: '1' },
  capabilities: { tools: {} },
  tools: [
    {
      name: 'has space',
      description: 'A tool with a space in its name, otherwise fine enough.',
      inputSchema: { type: 'object' },
    },
    { name: 'get', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
  ],
  resources: [],
  resourceTemplates: [],
  prompts: [],
  ...extra,
});

const lint = (given: Surface, config?: Parameters<typeof lintSurface>[1]) =>
  lintSurface({ surface: given }, config);

describe('lintSurface', () => {
  it('errors first, then warnings, then hints; counted in the summary', () => {
    const report = lint(surface());
    const order = report.findings.map((f) => f.severity);
    expect(order).toEqual(
      [...order].sort(
        (a, b) => ['error', 'warning', 'hint'].indexOf(a) - ['error', 'warning', 'hint'].indexOf(b),
      ),
    );
    expect(report.summary.total).toBe(report.findings.length);
    expect(report.summary.warning).toBe(report.findings.filter((f) => f.severity === 'warning').length);
    expect(report.findings.find((f) => f.ruleId === 'tool-name-format')).toMatchObject({
      severity: 'warning',
      path: 'tools[0].name',
      subject: 'has space',
      reference: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
    });
    expect(report.findings.find((f) => f.ruleId === 'description-missing')?.path).toBe(
      'tools[1].description',
    );
    expect(report.findings.find((f) => f.ruleId === 'unbounded-input')?.path).toBe(
      'tools[1].inputSchema.properties.q',
    );
  });

  it('the config turns a rule off, or changes its severity', () => {
    const report = lint(surface(), { rules: { 'tool-name-format': 'error', 'description-missing': 'off' } });
    expect(report.findings.find((f) => f.ruleId === 'tool-name-format')?.severity).toBe('error');
    expect(report.findings.some((f) => f.ruleId === 'description-missing')).toBe(false);
    expect(report.summary.off).toEqual(['description-missing']);
    expect(report.summary.error).toBe(1);
  });

  it('protocol-version: an unknown revision, and the modern era on an older one', () => {
    const unknown = lint(surface({ protocolVersion: '2099-01-01' })).findings.find(
      (f) => f.ruleId === 'protocol-version',
    );
    expect(unknown?.message).toContain('2099-01-01, which is not a revision of MCP');
    const mixed = lint(surface({ era: 'modern', protocolVersion: '2025-06-18' })).findings.find(
      (f) => f.ruleId === 'protocol-version',
    );
    expect(mixed?.message).toBe('the modern era with protocol version 2025-06-18');
    const old = lint(surface({ protocolVersion: '2024-11-05' })).findings.find(
      (f) => f.ruleId === 'protocol-version',
    );
    expect(old?.message).toContain('without structured tool output');
    expect(lint(surface()).findings.some((f) => f.ruleId === 'protocol-version')).toBe(false);
  });

  it('list-changed-declared reads the notifications observed', () => {
    const input = {
      surface: surface(),
      observations: { notifications: ['notifications/tools/list_changed'] },
    };
    expect(lintSurface(input).findings.find((f) => f.ruleId === 'list-changed-declared')?.path).toBe(
      'capabilities.tools.listChanged',
    );
    const declared = { ...input, surface: surface({ capabilities: { tools: { listChanged: true } } }) };
    expect(lintSurface(declared).findings.some((f) => f.ruleId === 'list-changed-declared')).toBe(false);
  });

  it('a path with an odd key is written so that it reads back', () => {
    const odd = surface({
      tools: [
        {
          name: 'odd',
          description: 'A tool whose property name has a dash in it.',
          inputSchema: { type: 'object', properties: { 'x-y': { type: 'string', maxLength: 5 } } },
        },
      ],
    });
    expect(lint(odd).findings.find((f) => f.ruleId === 'parameter-description')?.path).toBe(
      'tools[0].inputSchema.properties["x-y"]',
    );
  });
});

describe('parseLintConfig', () => {
  it('reads the settings', () => {
    const { config, problems } = parseLintConfig(
      '{ "rules": { "unbounded-input": "off", "tool-name-format": "error" } }',
      RULE_IDS,
    );
    expect(problems).toEqual([]);
    expect(config.rules).toEqual({ 'unbounded-input': 'off', 'tool-name-format': 'error' });
  });

  it('says which rule id is unknown and which setting is wrong, where they are, and keeps the rest', () => {
    const text =
      '{\n  "rules": {\n    "no-such-rule": "off",\n    "tool-name-format": "loud",\n    "ref": "off",\n    "portable-ref": "hint"\n  }\n}\n';
    const { config, problems } = parseLintConfig(text, RULE_IDS);
    expect(config.rules).toEqual({ 'portable-ref': 'hint' });
    expect(problems.map((p) => describeConfigProblem('mcp-inspect.lint.json', p))).toEqual([
      'mcp-inspect.lint.json:3:5: unknown rule "no-such-rule" (mcp-inspect lint --rules lists them)',
      'mcp-inspect.lint.json:4:5: rule "tool-name-format": "loud" is not one of off, error, warning, hint',
      'mcp-inspect.lint.json:5:5: unknown rule "ref" (mcp-inspect lint --rules lists them)',
    ]);
  });

  it('a syntax error with its line and column', () => {
    const { problems } = parseLintConfig('{\n  "rules": {\n    "ref": "off",\n  }\n}\n', RULE_IDS);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 4, column: 3 });
    expect(problems[0]?.message).toMatch(/^not valid JSON: /);
  });

  it('a file that is not an object of rules', () => {
    expect(parseLintConfig('[]', RULE_IDS).problems[0]?.message).toContain('not a JSON object');
    expect(parseLintConfig('{"rules": 3}', RULE_IDS).problems[0]?.message).toContain(
      '"rules" is not an object',
    );
    expect(parseLintConfig('{"rule": {}}', RULE_IDS).problems[0]?.message).toContain('unknown key "rule"');
  });
});

describe('ruleInfos', () => {
  it('every rule says why, how to fix, and where it comes from', () => {
    for (const rule of ruleInfos()) {
      expect(rule.why.length, rule.id).toBeGreaterThan(20);
      expect(rule.fix.length, rule.id).toBeGreaterThan(10);
      expect(rule.reference, rule.id).toMatch(/^https:\/\//);
    }
  });
});
