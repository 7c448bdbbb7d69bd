import { inspectServer } from '../../../shared/lint/inspectServer.js';
import {
  lintSurface,
  ruleInfos,
  SKIP_REASONS,
  toSarif,
  type SkippedTool,
} from '../../../shared/lint/index.js';
import { readVersion } from '../../files/version.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { lintLines, summaryLine } from './lintText.js';
import { requestFailure, within } from '../../session/failures.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';
import type { LintRequest } from './lintVerb.js';
import type { LintTraffic } from './lintTraffic.js';

/**
 * `lint`: the server's surface (every list, every page, as sent), the probes when asked for, and
 * the rules; printed as text, one JSON document, or SARIF 2.1.0. Exit 6 when a finding is an error.
 */
export async function lintVerb(
  context: VerbContext<{ lint: LintRequest }>,
  traffic: LintTraffic,
): Promise<void> {
  const { out, link, request, session } = context;
  const lint = request.lint;
  for (const warning of lint.config.warnings) out.warning(warning);
  const started = performance.now();
  const probe = lint.probe
    ? {
        timeoutMs: lint.probeTimeoutMs,
        slowMs: lint.probeSlowMs,
        all: lint.probeAll,
        openWorld: lint.probeOpenWorld,
        onCall: (line: string) => out.notice(line),
        connectionLost: () => link.ended !== undefined,
      }
    : undefined;
  let inspected;
  try {
    const inspecting = inspectServer(session.client, {
      ...(probe ? { probe } : {}),
      traffic,
    });
    // Probes have a timeout each; without them, the whole read has --timeout.
    inspected = probe ? await inspecting : await within(inspecting, request.timeoutMs, 'lint');
  } catch (error) {
    throw requestFailure(error, link, 'lint');
  }
  const latencyMs = performance.now() - started;
  for (const line of skippedLines(inspected.probeSkipped)) out.notice(line);
  if (inspected.probeSlow.length > 0)
    out.notice(
      `slow probe answers (in time, so not hangs): ${inspected.probeSlow.map((slow) => `${slow.tool ?? slow.probe} ${(slow.ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
  const report = lintSurface(
    lint.host ? { ...inspected, host: { profile: lint.host } } : inspected,
    lint.config.config,
  );
  const serverInfo = session.facts.serverInfo;
  const serverName = serverInfo ? `${serverInfo.name} ${serverInfo.version}` : 'the server';
  if (lint.format === 'sarif') {
    out.document(
      toSarif(report, ruleInfos(), {
        toolVersion: readVersion(),
        ...(serverInfo ? { server: { name: serverInfo.name, version: serverInfo.version } } : {}),
        ...(session.facts.protocolVersion ? { protocolVersion: session.facts.protocolVersion } : {}),
        ...(session.facts.era ? { era: session.facts.era } : {}),
      }),
    );
  } else if (lint.format === 'json') {
    out.document({
      findings: report.findings,
      summary: report.summary,
      meta: metaOf(context, latencyMs, {
        server: serverInfo ?? null,
        config: lint.config.path ?? null,
        probed: lint.probe,
        // The tools' names, for `lint --all --host` to see the servers together (server/workspace/).
        ...(lint.host ? { host: lint.host.id, tools: inspected.surface.tools.map((tool) => tool.name) } : {}),
        ...(lint.probe ? { probeSkipped: inspected.probeSkipped, probeSlow: inspected.probeSlow } : {}),
      }),
    });
  } else {
    out.lines(report.findings.length === 0 ? [`${serverName}: no findings`] : lintLines(report, serverName));
  }
  if (report.summary.error > 0)
    throw new VerbFailure(EXIT.lintError, 'lint-error', `lint found ${summaryLine(report)}`);
}

/** The tools the probes left alone, one line per reason, with the option that calls them too. */
export function skippedLines(skipped: readonly SkippedTool[]): string[] {
  return Object.entries(SKIP_REASONS).flatMap(([reason, { why, widen }]) => {
    const tools = skipped.filter((skip) => skip.reason === reason).map((skip) => skip.tool);
    return tools.length === 0
      ? []
      : [`probes left alone (${why}; ${widen} calls them too): ${tools.join(', ')}`];
  });
}
