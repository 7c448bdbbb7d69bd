import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { ListDetail, ListSection } from '../../components/pickList/ListDetail';
import { PickList } from '../../components/pickList/PickList';
import type { Searchable } from '../../components/pickList/filterEntries';
import { useListChanges } from '../../hooks/useListChanges';
import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import { SkillDetail } from './SkillDetail';
import { skillListQuery } from './skillsQuery';
import './skills.css';

const byUri = (skill: Skill): string => skill.uri;

/** A skill to the list's filter: by name and URI, then its description. */
const skillSearch = (skill: Skill): Searchable => ({
  key: skill.uri,
  title: skill.frontmatter.name,
  names: [skill.frontmatter.name, skill.uri],
  text: [skill.frontmatter.description],
});

/**
 * The server's skills (the io.modelcontextprotocol/skills extension, SEP-2640): every page of
 * skills/list, entries the SDK refused shown with why, and one skill's entry, files and
 * directories in the detail.
 */
export function SkillsPanel({ mcp }: { mcp: McpConnection }) {
  const ready = mcp.status === 'ready';
  const listing = useQuery({ ...skillListQuery(mcp.client, mcp.generation), enabled: ready });
  const skills = listing.data?.skills;
  const changes = useListChanges(skills, byUri);
  const [selected, setSelected] = useState<string | undefined>();
  const skill = skills?.find((entry) => entry.uri === selected);
  const directoryRead =
    (
      mcp.capabilities?.extensions?.['io.modelcontextprotocol/skills'] as
        { directoryRead?: boolean } | undefined
    )?.directoryRead === true;

  return (
    <ListDetail
      className="skills-panel"
      placeholder="Pick a skill to see its entry, its files and whether they match it."
      lists={
        <ListSection
          heading="Skills"
          method="skills/list"
          status={
            listing.data &&
            listing.data.invalid.length > 0 && (
              <ul className="skill-invalid" aria-label="Refused entries">
                {listing.data.invalid.map((entry) => (
                  <li key={entry.index} className="field-error">
                    Entry {entry.index + 1}
                    {entry.uri ? ` (${entry.uri})` : ''} refused: {entry.reason}
                  </li>
                ))}
              </ul>
            )
          }
          pending={listing.isPending}
          asked={ready}
          error={listing.error}
          removed={changes.removed.map(byUri)}
        >
          {skills && (
            <PickList
              label="Skills"
              noun="skill"
              items={skills}
              search={skillSearch}
              selected={selected}
              onSelect={setSelected}
              placeholder="Filter by name, description or URI"
              subtitle={(entry) => entry.frontmatter.description}
              changes={changes}
            />
          )}
          {skills && skills.length === 0 && (
            <p className="muted">
              skills/list is empty. A server may serve skills it does not list; they are reached by the URI of
              their SKILL.md.
            </p>
          )}
        </ListSection>
      }
      detail={skill && <SkillDetail key={skill.uri} mcp={mcp} listed={skill} directoryRead={directoryRead} />}
    />
  );
}
