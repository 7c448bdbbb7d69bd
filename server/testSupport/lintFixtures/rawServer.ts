import { Server } from '@modelcontextprotocol/server';

/** What a raw fixture lists and answers: items as they go on the wire, unchecked by the SDK. */
export interface RawFixture {
  name: string;
  /** Each list's pages; a list of one page is `[items]`. A page's cursor is its index. */
  tools?: unknown[][];
  resources?: unknown[][];
  resourceTemplates?: unknown[][];
  prompts?: unknown[][];
  /** A list whose next cursor always points back at the first page: pagination that never ends. */
  loops?: ('tools' | 'resources' | 'prompts')[];
  /** tools/call, by tool name; an unknown name gets the SDK's error unless `unknown` answers. */
  call?: Record<string, (args: Record<string, unknown>, how: Behaviour) => unknown>;
  /** tools/call of a name not listed. */
  unknown?: () => unknown;
  /** Notifications the server sends once a client has asked for its tools. */
  notifyOnToolsList?: string[];
  /** ping never answered. */
  pingHangs?: boolean;
}

/** What a misbehaving handler can do to the connection, in-memory or as a process. */
export interface Behaviour {
  /** End the server as a crash would: the connection lost. */
  crash(): void;
}

/**
 * An SDK v2 low-level server whose lists and calls are answered as given, bypassing McpServer's
 * registration (which would refuse the broken definitions these fixtures exist to list, and
 * declares listChanged for every list). Capabilities: one per list it has, with no listChanged.
 */
export function rawServer(fixture: RawFixture, crash?: () => void): () => Server {
  return () => {
    const capabilities: Record<string, object> = {};
    if (fixture.tools) capabilities.tools = {};
    if (fixture.resources || fixture.resourceTemplates) capabilities.resources = {};
    if (fixture.prompts) capabilities.prompts = {};
    const server = new Server({ name: fixture.name, version: '1.0.0' }, { capabilities });
    const low = server;
    const paged =
      (pages: unknown[][] | undefined, key: string, loops: boolean) =>
      (request: { params?: { cursor?: string } }) => {
        const index = Number(request.params?.cursor ?? 0);
        const all = pages ?? [[]];
        const items = all[index] ?? [];
        const next = index + 1 < all.length ? String(index + 1) : loops ? '0' : undefined;
        return { [key]: items, ...(next === undefined ? {} : { nextCursor: next }) } as never;
      };
    if (fixture.pingHangs) low.setRequestHandler('ping', () => new Promise<never>(() => undefined));
    if (fixture.tools) {
      const list = paged(fixture.tools, 'tools', fixture.loops?.includes('tools') ?? false);
      low.setRequestHandler('tools/list', (request) => {
        // Straight onto the transport: the SDK refuses to send what the capabilities do not declare.
        for (const method of fixture.notifyOnToolsList ?? [])
          void low.transport?.send({ jsonrpc: '2.0', method }).catch(() => undefined);
        return list(request as never);
      });
      low.setRequestHandler('tools/call', async (request) => {
        const { name, arguments: args } = request.params;
        const handler = fixture.call?.[name];
        const how: Behaviour = { crash: crash ?? (() => void server.close()) };
        if (handler) return (await handler(args ?? {}, how)) as never;
        if (fixture.unknown) return (await fixture.unknown()) as never;
        throw new Error(`unknown tool ${name}`);
      });
    }
    if (fixture.resources || fixture.resourceTemplates) {
      low.setRequestHandler(
        'resources/list',
        paged(fixture.resources, 'resources', fixture.loops?.includes('resources') ?? false) as never,
      );
      low.setRequestHandler(
        'resources/templates/list',
        paged(fixture.resourceTemplates, 'resourceTemplates', false) as never,
      );
    }
    if (fixture.prompts)
      low.setRequestHandler(
        'prompts/list',
        paged(fixture.prompts, 'prompts', fixture.loops?.includes('prompts') ?? false) as never,
      );
    return server;
  };
}

/** An object schema of the given properties, all required: what a well-made tool takes. */
export function objectSchema(properties: Record<string, unknown>, required = Object.keys(properties)) {
  return { type: 'object', properties, required, additionalProperties: false };
}
