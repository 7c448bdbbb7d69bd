import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import {
  DEFAULT_PROBE_TIMEOUT_MS,
  lintSurface,
  runProbes,
  SKIP_REASONS,
  SEVERITIES,
  type Finding,
  type ProbeRun,
  type Severity,
} from '../../../shared/lint';
import { toolsQueryOptions } from '../../session/toolsQuery';
import { resourceListQueryOptions, resourceTemplatesQueryOptions } from '../../session/resourcesQuery';
import { promptsQueryOptions } from '../../session/promptsQuery';
import { pageSurface } from './pageSurface';
import { lintConfigQueryOptions, type LintConfigState } from './lintConfigQuery';
import { showTool } from '../../session/lintNavigation';
import './lint.css';

const HEADINGS: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', hint: 'Hints' };

type ProbeState =
  | { phase: 'idle' }
  | { phase: 'running' }
  | { phase: 'done'; generation: number; run: ProbeRun }
  | { phase: 'failed'; message: string };

/**
 * The Lint tab: the rules of `mcp-inspect lint` (shared/lint) run on the lists the page already
 * has, findings grouped by severity, each with its rule, path, what is wrong, why it matters, how
 * to fix it and the reference; a finding about a tool links to its definition.
 */
export function LintPanel({ mcp }: { mcp: McpConnection }) {
  const ready = mcp.status === 'ready';
  const capabilities = mcp.capabilities ?? {};
  const tools = useQuery({
    ...toolsQueryOptions(mcp.client, mcp.generation),
    enabled: ready && !!capabilities.tools,
  });
  const resources = useQuery({
    ...resourceListQueryOptions(mcp.client, mcp.generation),
    enabled: ready && !!capabilities.resources,
  });
  const templates = useQuery({
    ...resourceTemplatesQueryOptions(mcp.client, mcp.generation),
    enabled: ready && !!capabilities.resources,
  });
  const prompts = useQuery({
    ...promptsQueryOptions(mcp.client, mcp.generation),
    enabled: ready && !!capabilities.prompts,
  });
  const waiting = [tools, resources, templates, prompts].some(
    (query) => query.isPending && query.fetchStatus !== 'idle',
  );
  const failures = useMemo(() => {
    const failed: Record<string, string> = {};
    if (tools.error) failed['tools/list'] = tools.error.message;
    if (resources.error) failed['resources/list'] = resources.error.message;
    if (templates.error) failed['resources/templates/list'] = templates.error.message;
    if (prompts.error) failed['prompts/list'] = prompts.error.message;
    return failed;
  }, [tools.error, resources.error, templates.error, prompts.error]);
  // The person's mcp-inspect.lint.json, as the terminal verb reads it by default.
  const lintConfig = useQuery(lintConfigQueryOptions());
  const config = lintConfig.data?.config;
  // The probes call tools: only when the person asks, read-only tools only unless widened.
  const [probe, setProbe] = useState<ProbeState>({ phase: 'idle' });
  const [probeAll, setProbeAll] = useState(false);
  const [probeOpenWorld, setProbeOpenWorld] = useState(false);
  const probed = probe.phase === 'done' && probe.generation === mcp.generation ? probe.run : undefined;
  const startProbes = (): void => {
    setProbe({ phase: 'running' });
    // The terminal verb's defaults: a generous timeout, and late answers said to be slow.
    runProbes(mcp.client, tools.data ?? [], {
      timeoutMs: DEFAULT_PROBE_TIMEOUT_MS,
      all: probeAll,
      openWorld: probeOpenWorld,
    }).then(
      (run) => setProbe({ phase: 'done', generation: mcp.generation, run }),
      (error: unknown) => setProbe({ phase: 'failed', message: (error as Error).message ?? String(error) }),
    );
  };
  const report = useMemo(
    () =>
      waiting
        ? undefined
        : lintSurface(
            {
              ...(probed ? { observations: { probes: probed.probes, results: probed.results } } : {}),
              surface: pageSurface(
                mcp,
                {
                  tools: tools.data,
                  resources: resources.data,
                  resourceTemplates: templates.data,
                  prompts: prompts.data,
                },
                failures,
              ),
            },
            config,
          ),
    [waiting, mcp, tools.data, resources.data, templates.data, prompts.data, failures, probed, config],
  );

  if (!ready) return <p className="placeholder">Waiting for the server…</p>;
  if (!report) return <p className="muted">Reading the server's lists…</p>;
  const { error, warning, hint } = report.summary;
  return (
    <section className="lint-panel" aria-label="Lint">
      <header className="lint-summary">
        <h2>Lint</h2>
        <p role="status">
          {report.findings.length === 0
            ? 'No findings.'
            : `${count(error, 'error')}, ${count(warning, 'warning')}, ${count(hint, 'hint')}`}
        </p>
        <p className="muted" role="note" aria-label="Rules">
          {configLine(lintConfig.data, lintConfig.error)}
        </p>
        {lintConfig.data?.problems.map((problem) => (
          <p key={problem} className="lint-config-problem" role="alert">
            {problem}
          </p>
        ))}
        <div className="lint-probes">
          <button type="button" onClick={startProbes} disabled={probe.phase === 'running'}>
            {probe.phase === 'running' ? 'Probing…' : 'Run probes'}
          </button>
          <label>
            <input type="checkbox" checked={probeAll} onChange={(e) => setProbeAll(e.target.checked)} /> also
            tools that are not read-only (they may change things)
          </label>
          <label>
            <input
              type="checkbox"
              checked={probeOpenWorld}
              onChange={(e) => setProbeOpenWorld(e.target.checked)}
            />{' '}
            also tools that may reach outside (openWorldHint not false: the 1 MiB argument may go to another
            service)
          </label>
          <span className="muted" role="note" aria-label="Probes">
            {probeSummary(probe, probed)}
          </span>
        </div>
      </header>
      {SEVERITIES.map((severity) => {
        const group = report.findings.filter((finding) => finding.severity === severity);
        if (group.length === 0) return null;
        return (
          <section key={severity} className={`lint-group ${severity}`} aria-label={HEADINGS[severity]}>
            <h3>
              {HEADINGS[severity]} <span className={`lint-count ${severity}`}>{group.length}</span>
            </h3>
            <ol className="lint-findings">
              {group.map((finding, index) => (
                <FindingView key={`${finding.ruleId}:${finding.path}:${index}`} finding={finding} />
              ))}
            </ol>
          </section>
        );
      })}
    </section>
  );
}

function FindingView({ finding }: { finding: Finding }) {
  return (
    <li className="lint-finding">
      <div className="lint-finding-head">
        <code className="lint-rule">{finding.ruleId}</code>
        <code className="lint-path">{finding.path || '(server)'}</code>
        {finding.subjectKind === 'tool' && finding.subject !== undefined && (
          <button type="button" className="lint-show" onClick={() => showTool(finding.subject as string)}>
            Show {finding.subject}
          </button>
        )}
      </div>
      <p className="lint-message">{finding.message}</p>
      <dl className="lint-detail">
        <dt>Why</dt>
        <dd>{finding.why}</dd>
        <dt>Fix</dt>
        <dd>{finding.fix}</dd>
        <dt>See</dt>
        <dd>
          <a href={finding.reference} target="_blank" rel="noreferrer noopener">
            {finding.reference}
          </a>
        </dd>
      </dl>
    </li>
  );
}

/** Which rules the findings are by: the person's config file when there is one, else the defaults. */
function configLine(state: LintConfigState | undefined, error: Error | null): string {
  const verb = 'The rules of mcp-inspect lint, on what this page lists';
  if (error)
    return `${verb}, at their default severities (the config file could not be read: ${error.message}).`;
  if (!state) return `${verb}.`;
  if (!state.exists) return `${verb}, at their default severities (no ${state.path}).`;
  const set = Object.keys(state.config.rules).length;
  return `${verb}, as ${state.path} sets them (${set} rule${set === 1 ? '' : 's'} changed).`;
}

/** What the probes did, in words: they call the server, so the person should know what was called. */
function probeSummary(probe: ProbeState, probed: ProbeRun | undefined): string {
  if (probe.phase === 'running')
    return 'calling the server: an unknown tool, refused and oversized arguments, ping';
  if (probe.phase === 'failed') return `the probes stopped: ${probe.message}`;
  if (!probed)
    return 'Probes call the server (an unknown tool, arguments the schema refuses, a 1 MiB argument, ping); read-only tools that declare openWorldHint: false only, unless widened.';
  const skipped = Object.entries(SKIP_REASONS).flatMap(([reason, { why }]) => {
    const names = probed.skipped.filter((skip) => skip.reason === reason).map((skip) => skip.tool);
    return names.length > 0 ? [`; not called (${why}): ${names.join(', ')}`] : [];
  });
  const slow = probed.slow.map(
    (answer) => `${answer.tool ?? answer.probe} ${(answer.ms / 1000).toFixed(1)} s`,
  );
  const slowText = slow.length > 0 ? `; slow answers (in time, not hangs): ${slow.join(', ')}` : '';
  return `${count(probed.probes.length, 'probe')} run, their findings below${skipped.join('')}${slowText}`;
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
