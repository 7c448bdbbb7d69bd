import type {
  Client,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Tool,
} from '@modelcontextprotocol/client';
import { ReadResourceResultSchema } from '@modelcontextprotocol/core';
import { allPages } from './allPages.js';
import type { Answerer } from './answerer.js';
import { cacheHintOf, type Listed } from './cacheHints.js';
import { withInputRounds } from './inputRounds.js';
import { FROM_SERVER } from './listFromServer.js';
import { newAbortController, type AbortSignalLike } from './platform.js';

/**
 * Every page of tools/list (the SDK follows `nextCursor` itself, up to its page limit), fetched
 * from the server ('refresh': whoever keeps the list decides freshness, from the server's hint).
 */
export async function listTools(client: Client): Promise<Listed<Tool>> {
  const result = await client.listTools(undefined, FROM_SERVER);
  const hint = cacheHintOf(result);
  return { items: result.tools, ...(hint ? { hint } : {}) };
}

/** Every page of resources/list, with the hint that holds for the whole list. */
export function listResources(client: Client): Promise<Listed<Resource>> {
  return allPages(async (cursor) => {
    const page = await client.listResources(cursor === undefined ? {} : { cursor }, FROM_SERVER);
    return { items: page.resources, nextCursor: page.nextCursor, hint: cacheHintOf(page) };
  });
}

/** Every page of resources/templates/list. */
export function listResourceTemplates(client: Client): Promise<Listed<ResourceTemplate>> {
  return allPages(async (cursor) => {
    const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor }, FROM_SERVER);
    return { items: page.resourceTemplates, nextCursor: page.nextCursor, hint: cacheHintOf(page) };
  });
}

/** Every page of prompts/list. */
export function listPrompts(client: Client): Promise<Listed<Prompt>> {
  return allPages(async (cursor) => {
    const page = await client.listPrompts(cursor === undefined ? {} : { cursor }, FROM_SERVER);
    return { items: page.prompts, nextCursor: page.nextCursor, hint: cacheHintOf(page) };
  });
}

/** Who answers a request's input rounds (2026-07-28), and what the asks are tied to. */
export interface RoundsAnswering {
  answerer: Answerer;
  /** AskOrigin.owner of the asks, e.g. `prompt:greeting`. */
  owner: string;
  signal?: AbortSignalLike;
}

/** The owner of a read's input asks. */
export function readOwner(uri: string): string {
  return `resource:${uri}`;
}

/** The owner of a prompts/get's input asks. */
export function promptOwner(name: string): string {
  return `prompt:${name}`;
}

/**
 * `resources/read` of one URI. A modern server may answer `input_required`: with an answerer its
 * rounds are answered and the read retried; without one, such an answer is an error of the SDK's.
 */
export function readResource(
  client: Client,
  uri: string,
  answering?: RoundsAnswering,
): Promise<ReadResourceResult> {
  if (!answering) {
    return client.request({ method: 'resources/read', params: { uri } }, ReadResourceResultSchema);
  }
  const signal = answering.signal ?? newAbortController().signal;
  return withInputRounds<ReadResourceResult>(
    (retry) =>
      client.request(
        { method: 'resources/read', params: { uri, ...retry } },
        { signal, allowInputRequired: true },
      ),
    (round) => ({
      answerer: answering.answerer,
      signal,
      origin: (key) => ({ owner: answering.owner, round, key }),
    }),
  );
}

/** `prompts/get`, its input rounds (2026-07-28) answered and the request retried. */
export function getPrompt(
  client: Client,
  name: string,
  args: Record<string, string>,
  answering: RoundsAnswering,
): Promise<GetPromptResult> {
  const signal = answering.signal ?? newAbortController().signal;
  return withInputRounds<GetPromptResult>(
    (retry) =>
      client.request(
        { method: 'prompts/get', params: { name, arguments: args, ...retry } },
        { signal, allowInputRequired: true },
      ),
    (round) => ({
      answerer: answering.answerer,
      signal,
      origin: (key) => ({ owner: answering.owner, round, key }),
    }),
  );
}
