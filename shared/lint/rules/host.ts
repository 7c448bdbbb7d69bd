import type { RawFinding, Rule, RuleInfo } from '../findings.js';
import type { HostProfile } from '../hosts/profiles.js';
import { walkSchema } from '../schemaWalk.js';

/**
 * What a host would see: the server's tools held to a host's published limits (`lint --host NAME`,
 * see hosts/profiles.ts). Silent without a host. Each finding names the limit's source, not a
 * general page: the profile's `source` is the finding's `why`.
 */
export const HOST_RULES: Rule[] = [
  {
    id: 'host-tool-name',
    family: 'host',
    severity: 'error',
    title: "Tool names are ones the host's model provider accepts",
    why: 'A tool whose name the provider refuses makes the whole request fail, or the host leaves the tool out.',
    fix: 'Rename the tool: letters, digits, "_" and "-" pass everywhere; keep it short.',
    reference: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
    check: (input) => {
      const rule = input.host?.profile.toolName;
      if (!rule) return [];
      return input.surface.tools.flatMap((tool, index): RawFinding[] =>
        rule.value.pattern.test(tool.name)
          ? []
          : [
              {
                path: `tools[${index}].name`,
                subject: tool.name,
                subjectKind: 'tool',
                message: `${input.host?.profile.title}: the name "${tool.name}" is refused (${tool.name.length > rule.value.maxLength ? `${tool.name.length} characters` : 'characters outside the set'})`,
                why: `${rule.said} (${rule.source}).`,
              },
            ],
      );
    },
  },
  {
    id: 'host-schema-keyword',
    family: 'host',
    severity: 'warning',
    title: "Tool schemas use only the keywords the host's model provider takes",
    why: 'A keyword outside the subset is dropped before the model sees the schema, or the declaration is refused.',
    fix: 'Say the constraint in the description, or express it with the keywords the subset has.',
    reference:
      'https://docs.cloud.google.com/nodejs/docs/reference/generativelanguage/latest/generativelanguage/protos.google.ai.generativelanguage.v1beta.ischema',
    check: (input) => {
      const rule = input.host?.profile.schemaKeywords;
      if (!rule) return [];
      const allowed = new Set(rule.value);
      return input.surface.tools.flatMap((tool, index): RawFinding[] => {
        const found = new Map<string, string>();
        for (const visit of walkSchema(tool.inputSchema, `tools[${index}].inputSchema`))
          for (const key of Object.keys(visit.schema))
            if (!allowed.has(key) && !found.has(key) && !key.startsWith('x-') && key !== '$schema')
              found.set(key, visit.path);
        if (found.size === 0) return [];
        const [first] = found.values();
        return [
          {
            path: first ?? `tools[${index}].inputSchema`,
            subject: tool.name,
            subjectKind: 'tool',
            message: `${input.host?.profile.title}: the inputSchema of ${tool.name} uses ${[...found.keys()].join(', ')}, outside the schema subset`,
            why: `${rule.said} (${rule.source}).`,
          },
        ];
      });
    },
  },
  {
    id: 'host-tool-count',
    family: 'host',
    severity: 'warning',
    title: 'The tools fit the number the host sends to the model',
    why: 'Past the limit, the host leaves tools out or refuses the request: a tool left out is never called.',
    fix: 'Offer fewer tools (merge those that differ by a parameter), or let the person turn some off.',
    reference: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools',
    check: (input) => {
      const limit = input.host?.profile.toolLimit;
      const count = input.surface.tools.length;
      if (!limit || count <= limit.value) return [];
      return [
        {
          path: 'tools',
          subjectKind: 'server',
          message: `${input.host?.profile.title}: this server alone lists ${count} tools; the host takes ${limit.value}`,
          why: `${limit.said} (${limit.source}).`,
        },
      ];
    },
  },
];

/** One server's tools, as the workspace names the server. */
export interface ServerTools {
  server: string;
  tools: readonly string[];
}

/** The rules over the servers a host runs together (`lint --all --host NAME`). */
export const COMBINED_HOST_RULES: RuleInfo[] = [
  {
    id: 'host-total-tools',
    family: 'host',
    severity: 'warning',
    title: "All the servers' tools together fit the number the host sends to the model",
    why: 'A host counts every server it runs: servers that fit alone can leave tools out together.',
    fix: 'Run fewer servers in this host, or turn off tools the work does not need.',
    reference: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools',
  },
  {
    id: 'host-name-collision',
    family: 'host',
    severity: 'warning',
    title: 'No two servers offer a tool of the same name',
    why: 'Tool names are unique within one server only: a host that does not prefix them shows the model two tools it cannot tell apart, or keeps one.',
    fix: 'Rename one of the tools, or give it a prefix of its server (github_search, jira_search).',
    reference: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
  },
];

/** The combined findings, in the lint engine's raw shape with the rule ids they belong to. */
export function combinedHostFindings(
  profile: HostProfile,
  servers: readonly ServerTools[],
): (RawFinding & { ruleId: string })[] {
  const findings: (RawFinding & { ruleId: string })[] = [];
  const total = servers.reduce((sum, server) => sum + server.tools.length, 0);
  const limit = profile.toolLimit;
  if (limit && total > limit.value)
    findings.push({
      ruleId: 'host-total-tools',
      path: 'servers',
      subjectKind: 'server',
      message: `${profile.title}: ${servers.length} servers list ${total} tools in all; the host takes ${limit.value}`,
      why: `${limit.said} (${limit.source}).`,
    });
  const owners = new Map<string, string[]>();
  for (const server of servers)
    for (const tool of new Set(server.tools)) owners.set(tool, [...(owners.get(tool) ?? []), server.server]);
  for (const [tool, names] of owners) {
    if (names.length < 2) continue;
    const prefixed = profile.collisions.value === 'prefixed';
    findings.push({
      ruleId: 'host-name-collision',
      path: `servers[${names.map((name) => JSON.stringify(name)).join(', ')}].tools["${tool}"]`,
      subject: tool,
      subjectKind: 'tool',
      message: `${profile.title}: "${tool}" is a tool of ${names.join(' and ')}${prefixed ? ` (told apart: ${names.map((name) => `mcp__${name}__${tool}`).join(', ')})` : ''}`,
      why: `${profile.collisions.said} (${profile.collisions.source}).`,
    });
  }
  return findings;
}
