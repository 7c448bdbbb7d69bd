import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Skill, SkillResourceEntry } from '@modelcontextprotocol/client/ext/skills';
import type { McpConnection } from '../../bridge/inspectorSession';
import { formatBytes } from '../../components/format';
import { SkillBody } from './SkillBody';
import { SkillDirectory } from './SkillDirectory';
import { skillGetQuery, skillReadQuery } from './skillsQuery';

interface SkillDetailProps {
  mcp: McpConnection;
  /** The entry as skills/list gave it. */
  listed: Skill;
  directoryRead: boolean;
}

/**
 * One skill: its entry as skills/get gives it now (frontmatter rendered field by field), its
 * SKILL.md read and verified, each declared file with its digest and size, checked against what
 * a read returns (a mismatch is an error, shown, never hidden), and its directories when the
 * server serves resources/directory/read.
 */
export function SkillDetail({ mcp, listed, directoryRead }: SkillDetailProps) {
  const got = useQuery(skillGetQuery(mcp.client, mcp.generation, listed.uri));
  const skill = got.data?.skill ?? listed;
  const [checkAll, setCheckAll] = useState(false);
  const files = skill.resources === 'dynamic' ? undefined : skill.resources;
  const root = skill.uri.replace(/\/SKILL\.md$/, '');

  return (
    <article className="skill-detail" aria-label={`Skill ${skill.frontmatter.name}`}>
      <header>
        <h2>{skill.frontmatter.name}</h2>
        <code>{skill.uri}</code>
      </header>
      {got.isError && (
        <p className="field-error" role="alert">
          skills/get failed: {got.error.message} (showing the skills/list entry)
        </p>
      )}
      <section aria-label="Frontmatter">
        <h3>Frontmatter</h3>
        <dl className="facts">
          {Object.entries(skill.frontmatter).map(([field, value]) => (
            <div key={field}>
              <dt>{field}</dt>
              <dd>{typeof value === 'string' ? value : <code>{JSON.stringify(value)}</code>}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Files">
        <h3>
          Files{' '}
          {files ? (
            <span className="muted">
              {files.length} declared · {formatBytes(files.reduce((sum, file) => sum + file.size, 0))}
            </span>
          ) : (
            <span className="muted">dynamic: the server publishes no digests, so nothing can be checked</span>
          )}
        </h3>
        {files && (
          <>
            <button type="button" onClick={() => setCheckAll(true)} disabled={checkAll}>
              Check every file
            </button>
            <table className="skill-files">
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Declared size</th>
                  <th scope="col">Declared digest</th>
                  <th scope="col">Check</th>
                </tr>
              </thead>
              <tbody>
                {files.map((file) => (
                  <FileRow
                    key={file.uri}
                    mcp={mcp}
                    skill={skill}
                    file={file}
                    root={root}
                    check={checkAll || file.uri === skill.uri}
                  />
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <SkillManifest mcp={mcp} skill={skill} />
      {directoryRead ? (
        <SkillDirectory mcp={mcp} skill={skill} root={root} />
      ) : (
        <p className="muted">The server does not serve resources/directory/read (no directoryRead).</p>
      )}
    </article>
  );
}

function FileRow({
  mcp,
  skill,
  file,
  root,
  check,
}: {
  mcp: McpConnection;
  skill: Skill;
  file: SkillResourceEntry;
  root: string;
  check: boolean;
}) {
  const [asked, setAsked] = useState(false);
  const read = useQuery({
    ...skillReadQuery(mcp.client, mcp.generation, skill, file.uri),
    enabled: check || asked,
  });
  const name = file.uri.startsWith(`${root}/`) ? file.uri.slice(root.length + 1) : file.uri;
  return (
    <tr aria-label={name} className={read.isError ? 'mismatch' : read.data ? 'verified' : ''}>
      <th scope="row">
        <code>{name}</code>
      </th>
      <td>{formatBytes(file.size)}</td>
      <td>
        <code className="digest" title={file.digest}>
          {file.digest.slice(0, 19)}…
        </code>
      </td>
      <td>
        {read.isError ? (
          <span className="field-error" role="alert">
            {read.error.message}
          </span>
        ) : read.data ? (
          <span className="ok">
            {read.data.verified
              ? `✓ matches (${formatBytes(read.data.bytes.length)})`
              : 'read, not verifiable'}
          </span>
        ) : read.isFetching ? (
          'reading…'
        ) : (
          <button type="button" onClick={() => setAsked(true)} aria-label={`Check ${name}`}>
            Check
          </button>
        )}
      </td>
    </tr>
  );
}

/** SKILL.md as the person reads it: rendered markdown (a part at a time), once it was read and verified. */
function SkillManifest({ mcp, skill }: { mcp: McpConnection; skill: Skill }) {
  const read = useQuery(skillReadQuery(mcp.client, mcp.generation, skill, skill.uri));
  return (
    <section aria-label="SKILL.md">
      <h3>SKILL.md</h3>
      {read.isError ? (
        <p className="field-error">Not shown: it does not match its entry ({read.error.message}).</p>
      ) : read.data?.body !== undefined ? (
        <SkillBody key={skill.uri} text={read.data.body} uri={skill.uri} />
      ) : (
        <p className="muted">Reading…</p>
      )}
    </section>
  );
}
