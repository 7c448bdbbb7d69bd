import type { LintReport } from './engine.js';
import type { RuleInfo, Severity } from './findings.js';

/** What SARIF says of the run beyond the findings: the tool's version, the server linted. */
export interface SarifMeta {
  toolVersion: string;
  /** The server as it named itself (serverInfo), when it did. */
  server?: { name?: string; version?: string };
  /** How it was reached: the command line or URL, masked by the caller. */
  target?: string;
  protocolVersion?: string;
  era?: string;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  hint: 'note',
};

/**
 * The report as SARIF 2.1.0, for code-scanning dashboards. A server has no source lines to point
 * at, so each result's location is logical: the subject (tool, prompt, resource) and the JSON path
 * into the server's lists, which also travels in the result's properties.
 */
export function toSarif(
  report: LintReport,
  rules: readonly RuleInfo[],
  meta: SarifMeta,
): Record<string, unknown> {
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcp-inspect',
            version: meta.toolVersion,
            informationUri: 'https://www.npmjs.com/package/mcp-inspect',
            rules: rules.map((rule) => ({
              id: rule.id,
              name: rule.id.replace(/(^|-)([a-z])/g, (_all, _dash, letter: string) => letter.toUpperCase()),
              shortDescription: { text: rule.title },
              fullDescription: { text: `${rule.title}. ${rule.why}` },
              help: {
                text: `${rule.why}\nFix: ${rule.fix}\nSee ${rule.reference}`,
                markdown: `${rule.why}\n\n**Fix:** ${rule.fix}\n\n[${rule.reference}](${rule.reference})`,
              },
              helpUri: rule.reference,
              defaultConfiguration: { level: LEVEL[rule.severity] },
              properties: { family: rule.family, tags: ['mcp', rule.family] },
            })),
          },
        },
        results: report.findings.map((finding) => ({
          ruleId: finding.ruleId,
          ...(index.has(finding.ruleId) ? { ruleIndex: index.get(finding.ruleId) } : {}),
          level: LEVEL[finding.severity],
          message: { text: `${finding.message}. Fix: ${finding.fix}` },
          locations: [
            {
              logicalLocations: [
                {
                  ...(finding.subject === undefined ? {} : { name: finding.subject }),
                  fullyQualifiedName: finding.path || '(server)',
                  kind: finding.subjectKind ?? 'server',
                },
              ],
            },
          ],
          properties: {
            path: finding.path,
            ...(finding.subject === undefined ? {} : { subject: finding.subject }),
            severity: finding.severity,
          },
        })),
        properties: {
          ...(meta.server ? { server: meta.server } : {}),
          ...(meta.target === undefined ? {} : { target: meta.target }),
          ...(meta.protocolVersion === undefined ? {} : { protocolVersion: meta.protocolVersion }),
          ...(meta.era === undefined ? {} : { era: meta.era }),
        },
      },
    ],
  };
}
