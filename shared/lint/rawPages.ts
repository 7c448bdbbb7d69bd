import { SdkError, SdkErrorCode, type Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { LintObservations, PageSeen } from './findings.js';
import type { Surface, SurfaceList } from '../core/surface.js';
import type { TrafficWatch } from './trafficWatch.js';

/** Pages read at most per list: the pagination rule needs to see a loop, not follow it forever. */
const MAX_PAGES = 100;

const METHOD: Record<SurfaceList, string> = {
  tools: 'tools/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
};

/** Any result: the items are kept as the server sent them, for rules that judge what the SDK would refuse. */
const AnyPage = z.looseObject({ nextCursor: z.string().optional() });

export interface RawList {
  pages: PageSeen[];
  /** Every item of every page, as sent. */
  items: unknown[];
}

/**
 * Reads one list page by page as the server sends it: the pagination rule sees every cursor, and
 * a list the SDK refuses as a whole (one tool with a bad schema) can still be linted item by item.
 * Stops at a cursor seen before.
 */
export async function readRawList(
  client: Client,
  list: SurfaceList,
  traffic?: TrafficWatch,
): Promise<RawList> {
  const pages: PageSeen[] = [];
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await readPage(client, list, cursor, traffic);
    const listed = result[list];
    const pageItems = Array.isArray(listed) ? listed : [];
    items.push(...pageItems);
    const nextCursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    pages.push({
      ...(cursor === undefined ? {} : { cursor }),
      ...(nextCursor === undefined ? {} : { nextCursor }),
      keys: pageItems.map((item) => keyOf(list, item)),
    });
    if (nextCursor === undefined || seen.has(nextCursor)) break;
    seen.add(nextCursor);
    cursor = nextCursor;
  }
  return { pages, items };
}

/**
 * One page, as the server sent it. A modern-era client checks every result against the spec's
 * schema whatever schema it is given, and refuses a page with one bad item: the page is then taken
 * from the traffic, where it passed before the client judged it.
 */
async function readPage(
  client: Client,
  list: SurfaceList,
  cursor: string | undefined,
  traffic: TrafficWatch | undefined,
): Promise<Record<string, unknown>> {
  try {
    return await client.request(
      { method: METHOD[list], params: cursor === undefined ? {} : { cursor } } as never,
      AnyPage,
    );
  } catch (error) {
    const sent = traffic?.answer(METHOD[list], cursor);
    const refused = error instanceof SdkError && error.code === SdkErrorCode.InvalidResult;
    if (!refused || typeof sent !== 'object' || sent === null) throw error;
    return sent as Record<string, unknown>;
  }
}

/** What names an item in its list: a resource its URI, a template its URI template, others their name. */
function keyOf(list: SurfaceList, item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item);
  const record = item as Record<string, unknown>;
  const key =
    list === 'resources' ? record.uri : list === 'resourceTemplates' ? record.uriTemplate : record.name;
  return String(key ?? '');
}

/**
 * Every list the capabilities declare, page by page as sent; a list that fails here too is left
 * out (the surface keeps its failure).
 */
export async function readRawLists(
  client: Client,
  surface: Surface,
  traffic?: TrafficWatch,
): Promise<Partial<Record<SurfaceList, RawList>>> {
  const capabilities = (surface.capabilities ?? {}) as Record<string, unknown>;
  const declared: Record<SurfaceList, boolean> = {
    tools: !!capabilities.tools,
    resources: !!capabilities.resources,
    resourceTemplates: !!capabilities.resources,
    prompts: !!capabilities.prompts,
  };
  const lists: Partial<Record<SurfaceList, RawList>> = {};
  for (const list of Object.keys(METHOD) as SurfaceList[]) {
    if (!declared[list]) continue;
    try {
      lists[list] = await readRawList(client, list, traffic);
    } catch {
      // The surface says how this list failed.
    }
  }
  return lists;
}

/**
 * The surface to lint: a list the SDK refused as a whole (a failure) is taken as the server sent
 * it, so that the rules can say which item broke it. The pages go into the observations.
 */
export function withRawLists(
  surface: Surface,
  lists: Partial<Record<SurfaceList, RawList>>,
  observations: LintObservations = {},
): { surface: Surface; observations: LintObservations } {
  const patched: Surface = { ...surface };
  for (const [list, raw] of Object.entries(lists) as [SurfaceList, RawList][]) {
    if (surface.failures?.[METHOD[list]] !== undefined)
      (patched as unknown as Record<string, unknown[]>)[list] = raw.items;
  }
  const pages = Object.fromEntries(Object.entries(lists).map(([list, raw]) => [list, raw.pages]));
  return { surface: patched, observations: { ...observations, pages } };
}
