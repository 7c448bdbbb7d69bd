import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import { SkillsClient, type Skill, type SkillFile } from '@modelcontextprotocol/client/ext/skills';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';

/**
 * The SDK's host side of the Skills extension (SEP-2640) over the page's client: it walks every
 * page of skills/list, and checks each file it reads against the entry's digest and size (and a
 * SKILL.md's frontmatter against the entry's). Invalid entries are kept apart with their reason,
 * so the person sees them instead of a listing that failed whole.
 */
export function skillsClient(client: Client): SkillsClient {
  return new SkillsClient(client, { skipInvalid: true });
}

export const skillKeys = {
  list: (generation: number) => [...mcpQueryKeys.all(generation), 'skills', 'list'] as const,
  get: (generation: number, uri: string) => [...mcpQueryKeys.all(generation), 'skills', 'get', uri] as const,
  /** `declared`: the digest the entry declares for the file, so a refreshed entry is checked anew. */
  read: (generation: number, skillUri: string, fileUri: string, declared: string) =>
    [...mcpQueryKeys.all(generation), 'skills', 'read', skillUri, fileUri, declared] as const,
  directory: (generation: number, uri: string) =>
    [...mcpQueryKeys.all(generation), 'skills', 'directory', uri] as const,
};

export function skillListQuery(client: Client, generation: number) {
  // The client is fixed per generation, which the key holds; a skill's entry is keyed by its URI.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: skillKeys.list(generation),
    queryFn: () => skillsClient(client).list(),
    retry: false,
  });
}

/** skills/get: the entry as the server gives it now, which is what the page verifies against. */
export function skillGetQuery(client: Client, generation: number, uri: string) {
  // The client is fixed per generation, which the key holds; a skill's entry is keyed by its URI.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: skillKeys.get(generation, uri),
    queryFn: () => skillsClient(client).get(uri),
    retry: false,
  });
}

/** One file read and verified; a mismatch is the query's error (a SkillVerificationError). */
export function skillReadQuery(client: Client, generation: number, skill: Skill, fileUri: string) {
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions<SkillFile>({
    queryKey: skillKeys.read(generation, skill.uri, fileUri, declaredDigest(skill, fileUri)),
    queryFn: () => skillsClient(client).read(skill, fileUri),
    retry: false,
    // Read once per entry: a second look shows what was checked, not a new fetch.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function skillDirectoryQuery(client: Client, generation: number, uri: string) {
  // The client is fixed per generation, which the key holds; a skill's entry is keyed by its URI.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: skillKeys.directory(generation, uri),
    queryFn: () => skillsClient(client).readDirectory(uri),
    retry: false,
  });
}

function declaredDigest(skill: Skill, fileUri: string): string {
  if (skill.resources === 'dynamic') return 'dynamic';
  return skill.resources.find((file) => file.uri === fileUri)?.digest ?? 'unlisted';
}
