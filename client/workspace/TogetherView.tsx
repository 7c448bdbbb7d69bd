import type { Tool } from '@modelcontextprotocol/client';
import { HOST_PROFILES } from '../../shared/lint/hosts/profiles';
import { combinedHostFindings } from '../../shared/lint/rules/host';

interface Props {
  servers: readonly { name: string; tools: readonly Tool[] | undefined }[];
}

/**
 * What a host would see of the connected servers together: how many tools in all, the names two
 * servers share, and each host profile's published limits on them, with their sources.
 */
export function TogetherView({ servers }: Props) {
  const listed = servers.flatMap(({ name, tools }) =>
    tools ? [{ server: name, tools: tools.map((tool) => tool.name) }] : [],
  );
  const total = listed.reduce((sum, server) => sum + server.tools.length, 0);
  const waiting = servers.filter((server) => !server.tools).map((server) => server.name);
  return (
    <section className="ws-together" aria-label="What a host would see">
      <h2>What a host would see</h2>
      <p>
        {listed.length} server{listed.length === 1 ? '' : 's'} listed {total} tool{total === 1 ? '' : 's'} in
        all
        {waiting.length > 0 && <> (not counted, no tool list yet: {waiting.join(', ')})</>}.
      </p>
      <ul className="ws-per-server">
        {listed.map((server) => (
          <li key={server.server}>
            <strong>{server.server}</strong>: {server.tools.length}
          </li>
        ))}
      </ul>
      {HOST_PROFILES.map((profile) => {
        const findings = combinedHostFindings(profile, listed);
        return (
          <article key={profile.id} className="ws-profile" data-host={profile.id}>
            <h3>
              {profile.title}
              {profile.toolLimit && (
                <span className="ws-limit">
                  {' '}
                  — takes {profile.toolLimit.value} tools{' '}
                  <span className={total > profile.toolLimit.value ? 'ws-over' : 'ws-fits'}>
                    ({total > profile.toolLimit.value ? 'over' : 'fits'})
                  </span>
                </span>
              )}
            </h3>
            {findings.length === 0 ? (
              <p className="ws-fine">No collision, within its limits.</p>
            ) : (
              [...groupByRule(findings)].map(([ruleId, group]) => (
                <details key={ruleId} open={group.length <= 3}>
                  <summary>
                    <code>{ruleId}</code>{' '}
                    {group.length === 1
                      ? withoutTitle(group[0]?.message ?? '', profile.title)
                      : `${group.length} findings`}
                  </summary>
                  {group.length > 1 && (
                    <ul>
                      {group.map((finding) => (
                        <li key={finding.path}>{withoutTitle(finding.message, profile.title)}</li>
                      ))}
                    </ul>
                  )}
                  <div className="ws-why">{group[0]?.why}</div>
                </details>
              ))
            )}
          </article>
        );
      })}
    </section>
  );
}

type HostFinding = ReturnType<typeof combinedHostFindings>[number];

/** The findings of each rule together: its reason is said once. */
function groupByRule(findings: readonly HostFinding[]): Map<string, HostFinding[]> {
  const groups = new Map<string, HostFinding[]>();
  for (const finding of findings)
    groups.set(finding.ruleId, [...(groups.get(finding.ruleId) ?? []), finding]);
  return groups;
}

/** A finding's message under its profile's heading need not repeat the profile's name. */
function withoutTitle(message: string, title: string): string {
  return message.startsWith(`${title}: `) ? message.slice(title.length + 2) : message;
}
