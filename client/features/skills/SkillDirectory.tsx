import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import type { McpConnection } from '../../bridge/inspectorSession';
import { skillDirectoryQuery } from './skillsQuery';

const DIRECTORY = 'inode/directory';

/**
 * The skill's folders as resources/directory/read lists them, one level per click. A file the
 * directory lists but the entry does not is marked: the entry is what a host may read (SEP-2640),
 * the directory is the server's live view.
 */
export function SkillDirectory({ mcp, skill, root }: { mcp: McpConnection; skill: Skill; root: string }) {
  const declared = new Set(skill.resources === 'dynamic' ? [] : skill.resources.map((file) => file.uri));
  return (
    <section aria-label="Directory">
      <h3>
        Directory <span className="muted">resources/directory/read</span>
      </h3>
      <DirectoryLevel mcp={mcp} uri={root} declared={declared} dynamic={skill.resources === 'dynamic'} />
    </section>
  );
}

function DirectoryLevel({
  mcp,
  uri,
  declared,
  dynamic,
}: {
  mcp: McpConnection;
  uri: string;
  declared: ReadonlySet<string>;
  dynamic: boolean;
}) {
  const listing = useQuery(skillDirectoryQuery(mcp.client, mcp.generation, uri));
  if (listing.isError) {
    return (
      <p className="field-error" role="alert">
        resources/directory/read {uri} failed: {listing.error.message}
      </p>
    );
  }
  if (!listing.data) return <p className="muted">Reading {uri}…</p>;
  if (listing.data.resources.length === 0) return <p className="muted">Empty.</p>;
  return (
    <ul className="skill-tree" role="group" aria-label={`Contents of ${uri}`}>
      {listing.data.resources.map((child) =>
        child.mimeType === DIRECTORY ? (
          <Folder
            key={child.uri}
            mcp={mcp}
            uri={child.uri}
            name={child.name}
            declared={declared}
            dynamic={dynamic}
          />
        ) : (
          <li key={child.uri}>
            <code>{child.name}</code> <span className="muted">{child.mimeType}</span>
            {!dynamic && !declared.has(child.uri) && (
              <span className="field-error">
                {' '}
                not in the skill’s entry: a host must not read it under this entry
              </span>
            )}
          </li>
        ),
      )}
    </ul>
  );
}

function Folder(props: {
  mcp: McpConnection;
  uri: string;
  name: string;
  declared: ReadonlySet<string>;
  dynamic: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <button type="button" className="folder" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? '▾' : '▸'} {props.name}/
      </button>
      {open && <DirectoryLevel {...props} />}
    </li>
  );
}
