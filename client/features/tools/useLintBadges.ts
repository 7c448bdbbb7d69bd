import { useEffect, useState } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import type { Severity } from '../../../shared/lint/findings';
import { afterFirstScreen } from '../../afterFirstScreen';

/** A tool's lint findings in the list: how many, and the worst of them. */
export interface LintBadge {
  count: number;
  worst: Severity;
}

/**
 * Lint findings per tool, for the badges in the tool list. Counted once the list has shown and
 * the page is idle, with the lint engine (and its meta-schemas) loaded then: the first screen neither
 * waits for them nor shares the network and the main thread with them.
 */
export function useLintBadges(
  mcp: McpConnection,
  tools: Tool[] | undefined,
): ReadonlyMap<string, LintBadge> | undefined {
  const [badges, setBadges] = useState<ReadonlyMap<string, LintBadge>>();
  useEffect(() => {
    if (!tools) return;
    let current = true;
    afterFirstScreen(() => {
      if (!current) return;
      void Promise.all([import('../../../shared/lint'), import('../lint/pageSurface')]).then(
        ([lint, surface]) => {
          if (!current) return;
          const report = lint.lintSurface({ surface: surface.pageSurface(mcp, { tools }, {}) });
          const counted = new Map<string, LintBadge>();
          for (const [name, findings] of lint.findingsByTool(report.findings)) {
            const worst =
              lint.SEVERITIES.find((severity) => findings.some((f) => f.severity === severity)) ?? 'hint';
            counted.set(name, { count: findings.length, worst });
          }
          setBadges(counted);
        },
      );
    });
    return () => {
      current = false;
    };
  }, [mcp, tools]);
  return badges;
}
