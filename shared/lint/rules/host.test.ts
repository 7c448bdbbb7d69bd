// What a host would see: the host rules on surfaces written out as servers give them, each finding
// with its limit's source; silent without --host, so the page's Lint tab and plain `lint` are as before.
import { describe, expect, it } from 'vitest';
import type { Surface } from '../../core/surface.js';
import { HOST_PROFILES, hostProfile } from '../hosts/profiles.js';
import { lintSurface } from '../index.js';
import { combinedHostFindings } from './host.js';

type Tool = Surface['tools'][number];

const tool = (name: string, inputSchema: Tool['inputSchema'] = { type: 'object' }): Tool => ({
  name,
  description: `The ${name} tool: does one thing, says what it returns and when it fails.`,
  inputSchema,
});

const surface = (tools: Tool[]): Surface => ({
  era: 'legacy',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 'literal', version: '1' },
  capabilities: { tools: {} },
  tools,
  resources: [],
  resourceTemplates: [],
  prompts: [],
});

const hostFindings = (host: string, tools: Tool[]) => {
  const profile = hostProfile(host);
  if (!profile) throw new Error(host);
  return lintSurface({ surface: surface(tools), host: { profile } }).findings.filter((f) =>
    f.ruleId.startsWith('host-'),
  );
};

describe('host rules', () => {
  it('are silent without a host', () => {
    const report = lintSurface({ surface: surface([tool('weather.get')]) });
    expect(report.findings.filter((f) => f.ruleId.startsWith('host-'))).toEqual([]);
  });

  it("OpenAI's names: a dot or a name over 64 characters is refused, with the source", () => {
    const findings = hostFindings('openai', [tool('weather.get'), tool('x'.repeat(65)), tool('fine_name-2')]);
    expect(findings.map((f) => [f.ruleId, f.subject, f.severity])).toEqual([
      ['host-tool-name', 'weather.get', 'error'],
      ['host-tool-name', 'x'.repeat(65), 'error'],
    ]);
    expect(findings[1]?.message).toContain('65 characters');
    expect(findings[0]?.why).toContain('https://platform.openai.com/docs/api-reference/chat/create');
  });

  it("Gemini's names take a dot; its schema subset refuses what OpenAPI's does not have", () => {
    const findings = hostFindings('gemini', [
      tool('weather.get', {
        type: 'object',
        properties: {
          where: { type: 'string', const: 'here' },
          when: { type: 'object', additionalProperties: false, properties: { at: { $ref: '#/$defs/t' } } },
        },
      }),
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      ruleId: 'host-schema-keyword',
      subject: 'weather.get',
      severity: 'warning',
    });
    expect(findings[0]?.message).toBe(
      'Gemini function declarations: the inputSchema of weather.get uses const, additionalProperties, $ref, outside the schema subset',
    );
    expect(findings[0]?.why).toContain('generativelanguage.v1beta.ischema');
  });

  it("Cursor's tool limit: a server alone over it", () => {
    const many = Array.from({ length: 41 }, (_, at) => tool(`tool_${at}`));
    const findings = hostFindings('cursor', many);
    expect(findings.map((f) => f.ruleId)).toEqual(['host-tool-count']);
    expect(findings[0]?.message).toBe('Cursor: this server alone lists 41 tools; the host takes 40');
    expect(hostFindings('cursor', many.slice(0, 40))).toEqual([]);
  });

  it('the servers together: their total, and a name two of them use, resolved where the host prefixes', () => {
    const servers = [
      { server: 'github', tools: Array.from({ length: 30 }, (_, at) => (at === 0 ? 'search' : `gh_${at}`)) },
      { server: 'jira', tools: ['search', 'create_issue'] },
      { server: 'docs', tools: Array.from({ length: 100 }, (_, at) => `doc_${at}`) },
    ];
    const vscode = combinedHostFindings(hostProfile('vscode')!, servers);
    expect(vscode.map((f) => [f.ruleId, f.message])).toEqual([
      [
        'host-total-tools',
        'VS Code (GitHub Copilot chat): 3 servers list 132 tools in all; the host takes 128',
      ],
      ['host-name-collision', 'VS Code (GitHub Copilot chat): "search" is a tool of github and jira'],
    ]);
    const claude = combinedHostFindings(hostProfile('claude-code')!, servers);
    expect(claude.map((f) => f.message)).toEqual([
      'Claude Code: "search" is a tool of github and jira (told apart: mcp__github__search, mcp__jira__search)',
    ]);
  });

  it('every limit of every profile names its source', () => {
    for (const profile of HOST_PROFILES)
      for (const limit of [profile.toolLimit, profile.toolName, profile.schemaKeywords, profile.collisions])
        if (limit) expect(limit.source, profile.id).toMatch(/^https:\/\//);
  });
});
