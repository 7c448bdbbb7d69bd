// The demo server's surface, read through the core over an in-memory connection, against copies
// of it changed one way each: every change is found, at its path, with the right classification.
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Answerer } from '../../shared/core/answerer.js';
import { connectClient, createCoreClient } from '../../shared/core/clientSession.js';
import { collectSurface, stableSurface, type Surface } from '../../shared/core/surface.js';
import type { SurfaceChange } from '../../shared/surfaceDiff/changes.js';
import { diffSurfaces, hasBreaking } from '../../shared/surfaceDiff/diffSurfaces.js';
import { readSurfaceFile, snapshotText } from '../../shared/surfaceDiff/snapshotFile.js';
import { serveDemoConnection } from '../demo/demoStdio.js';

const nobody: Answerer = {
  elicit: () => Promise.reject(new Error('nobody to answer')),
  sample: () => Promise.reject(new Error('nobody to answer')),
  roots: () => [],
};

let demo: Surface;

beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveDemoConnection(serverSide);
  const { client } = createCoreClient({
    era: 'modern',
    clientInfo: { name: 'diff-test', version: '0' },
    answerer: nobody,
  });
  await connectClient(client, clientSide);
  demo = stableSurface(await collectSurface(client));
  await client.close();
  await handle.close();
});

type Tool = Surface['tools'][number];

/** A tool's JSON as the tests edit it: the parts they touch, typed loosely. */
interface SchemaJson {
  type?: string | string[];
  enum?: unknown[];
  properties: Record<string, SchemaJson>;
  required: string[];
}
interface ToolJson {
  name: string;
  title?: string;
  description?: string;
  inputSchema: SchemaJson;
  outputSchema: SchemaJson;
  annotations: Record<string, unknown>;
}

/** A copy of the demo's surface with one tool changed by `edit`. */
function withTool(name: string, edit: (tool: ToolJson) => void): Surface {
  const copy = structuredClone(demo);
  const tool = copy.tools.find((item) => item.name === name);
  if (!tool) throw new Error(`the demo has no tool ${name}`);
  edit(tool as unknown as ToolJson);
  return copy;
}

function only(changes: SurfaceChange[]): SurfaceChange {
  expect(changes).toHaveLength(1);
  return changes[0] as SurfaceChange;
}

describe('diffSurfaces on the demo server', () => {
  it('finds nothing between a surface and itself, or its snapshot read back', () => {
    expect(diffSurfaces(demo, structuredClone(demo))).toEqual([]);
    const read = readSurfaceFile(snapshotText(demo));
    if ('error' in read) throw new Error(read.error);
    expect(diffSurfaces(demo, read.surface)).toEqual([]);
  });

  it('a tool removed: breaking; a tool added: compatible', () => {
    const removed = structuredClone(demo);
    removed.tools = removed.tools.filter((tool) => tool.name !== 'fail');
    expect(only(diffSurfaces(demo, removed))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["fail"]',
      what: 'tool "fail" removed',
    });
    const added = structuredClone(demo);
    added.tools.push({ name: 'brand_new', inputSchema: { type: 'object' } } as Tool);
    const change = only(diffSurfaces(demo, added));
    expect(change).toMatchObject({
      kind: 'compatible',
      path: '$.tools["brand_new"]',
      what: 'tool "brand_new" added',
    });
    expect(change.after).toMatchObject({ name: 'brand_new' });
    expect(hasBreaking(diffSurfaces(demo, added))).toBe(false);
  });

  it('a tool renamed (nothing else changed): one breaking change naming both names', () => {
    const renamed = withTool('get_json', (tool) => (tool.name = 'get_json_data'));
    expect(only(diffSurfaces(demo, renamed))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["get_json"]',
      what: 'tool "get_json" renamed to "get_json_data" (clients that use the old name break)',
      before: 'get_json',
      after: 'get_json_data',
    });
  });

  it('a required argument added: breaking; an optional one: compatible', () => {
    const required = withTool('get_weather', (tool) => {
      tool.inputSchema.properties.units = { type: 'string' } as SchemaJson;
      tool.inputSchema.required.push('units');
    });
    expect(only(diffSurfaces(demo, required))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["get_weather"].inputSchema.properties.units',
      what: 'tool "get_weather": required argument "units" added',
      after: { type: 'string' },
    });
    const optional = withTool(
      'get_weather',
      (tool) => (tool.inputSchema.properties.units = { type: 'string' } as SchemaJson),
    );
    expect(only(diffSurfaces(demo, optional))).toMatchObject({
      kind: 'compatible',
      what: 'tool "get_weather": optional argument "units" added',
    });
  });

  it('an optional argument made required: breaking', () => {
    const changed = withTool('echo', (tool) => tool.inputSchema.required.push('uppercase'));
    expect(only(diffSurfaces(demo, changed))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["echo"].inputSchema.required',
      what: 'tool "echo": argument "uppercase" is now required',
      before: ['message'],
      after: ['message', 'uppercase'],
    });
  });

  it('a type narrowed: breaking; widened: compatible', () => {
    const before = withTool('slow_count', (tool) => (tool.inputSchema.properties.steps!.type = 'number'));
    const after = withTool('slow_count', (tool) => (tool.inputSchema.properties.steps!.type = 'integer'));
    expect(only(diffSurfaces(before, after))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["slow_count"].inputSchema.properties.steps.type',
      what: 'argument "steps": type narrowed (no longer number)',
      before: 'number',
      after: 'integer',
    });
    expect(only(diffSurfaces(after, before))).toMatchObject({ kind: 'compatible' });
  });

  it('an enum value removed: breaking; an enum widened: compatible', () => {
    const narrower = withTool('log_message', (tool) => {
      tool.inputSchema.properties.level!.enum = ['debug', 'info', 'notice', 'warning'];
    });
    expect(only(diffSurfaces(demo, narrower))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["log_message"].inputSchema.properties.level.enum',
      what: 'argument "level": enum value "error" removed',
    });
    const wider = withTool('log_message', (tool) =>
      tool.inputSchema.properties.level!.enum!.push('critical'),
    );
    expect(only(diffSurfaces(demo, wider))).toMatchObject({
      kind: 'compatible',
      what: 'argument "level": enum value "critical" added',
    });
  });

  it('an output property removed, or made optional: breaking; one added: compatible', () => {
    const removed = withTool('get_weather', (tool) => {
      delete tool.outputSchema.properties.conditions;
      tool.outputSchema.required = ['city', 'temperatureC'];
    });
    expect(only(diffSurfaces(demo, removed))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["get_weather"].outputSchema.properties.conditions',
      what: 'tool "get_weather": property "conditions" removed from the output (clients that read it get nothing)',
    });
    const optional = withTool(
      'get_weather',
      (tool) => (tool.outputSchema.required = ['city', 'temperatureC']),
    );
    expect(only(diffSurfaces(demo, optional))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["get_weather"].outputSchema.required',
      what: 'tool "get_weather": property "conditions" made optional in the output (clients may not get it)',
    });
    const added = withTool(
      'get_weather',
      (tool) => (tool.outputSchema.properties.humidity = { type: 'number' } as SchemaJson),
    );
    expect(only(diffSurfaces(demo, added))).toMatchObject({ kind: 'compatible' });
  });

  it('a tool turned destructive, or no longer read-only: breaking; the reverse: compatible', () => {
    const destructive = withTool('add_note', (tool) => (tool.annotations.destructiveHint = true));
    expect(only(diffSurfaces(demo, destructive))).toMatchObject({
      kind: 'breaking',
      path: '$.tools["add_note"].annotations.destructiveHint',
      what: 'tool "add_note": now destructive',
      before: false,
      after: true,
    });
    expect(only(diffSurfaces(destructive, demo))).toMatchObject({
      kind: 'compatible',
      what: 'tool "add_note": no longer destructive',
    });
    // echo stops being read-only; with no destructiveHint, the spec's default makes it destructive too.
    const writes = withTool('echo', (tool) => (tool.annotations.readOnlyHint = false));
    const changes = diffSurfaces(demo, writes);
    expect(changes.map((change) => [change.kind, change.what])).toEqual([
      ['breaking', 'tool "echo": now destructive'],
      ['breaking', 'tool "echo": no longer read-only'],
    ]);
  });

  it('a hint made explicit with the value its absence meant is no change', () => {
    // The demo's echo leaves destructiveHint out: spelling out its default says nothing new.
    const explicit = withTool('echo', (tool) => (tool.annotations.destructiveHint = true));
    expect(diffSurfaces(demo, explicit)).toEqual([]);
    const bare = withTool('echo', (tool) => (tool.annotations = {}));
    const spelled = withTool('echo', (tool) => {
      tool.annotations = {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      };
    });
    expect(diffSurfaces(bare, spelled)).toEqual([]);
    expect(diffSurfaces(spelled, bare)).toEqual([]);
    // A hint changed from a value that was not its default still is a change.
    const opened = withTool('echo', (tool) => (tool.annotations.openWorldHint = true));
    expect(diffSurfaces(demo, opened).map((change) => change.what)).toEqual([
      'tool "echo": annotation openWorldHint changed',
    ]);
  });

  it('a description or title changed: compatible', () => {
    const reworded = withTool('echo', (tool) => {
      tool.description = 'Says it back.';
      tool.title = 'Echo!';
    });
    const changes = diffSurfaces(demo, reworded);
    expect(changes.map((change) => [change.kind, change.path])).toEqual([
      ['compatible', '$.tools["echo"].description'],
      ['compatible', '$.tools["echo"].title'],
    ]);
    expect(changes[0]).toMatchObject({
      before: 'Returns the message as text, optionally uppercased.',
      after: 'Says it back.',
    });
  });

  it('a capability dropped: breaking; one added: compatible', () => {
    const dropped = structuredClone(demo);
    delete (dropped.capabilities as Record<string, unknown>).logging;
    expect(only(diffSurfaces(demo, dropped))).toMatchObject({
      kind: 'breaking',
      path: '$.capabilities.logging',
      what: 'capability logging dropped',
    });
    expect(only(diffSurfaces(dropped, demo))).toMatchObject({
      kind: 'compatible',
      what: 'capability logging added',
    });
  });

  it('a prompt removed, or given a required argument: breaking; an optional argument: compatible', () => {
    const removed = structuredClone(demo);
    removed.prompts = removed.prompts.filter((prompt) => prompt.name !== 'greeting');
    expect(only(diffSurfaces(demo, removed))).toMatchObject({
      kind: 'breaking',
      path: '$.prompts["greeting"]',
    });
    const required = structuredClone(demo);
    required.prompts
      .find((prompt) => prompt.name === 'greeting')
      ?.arguments?.push({ name: 'mood', required: true });
    expect(only(diffSurfaces(demo, required))).toMatchObject({
      kind: 'breaking',
      path: '$.prompts["greeting"].arguments["mood"]',
      what: 'prompt "greeting": required argument "mood" added',
    });
    const optional = structuredClone(demo);
    optional.prompts.find((prompt) => prompt.name === 'greeting')?.arguments?.push({ name: 'mood' });
    expect(only(diffSurfaces(demo, optional))).toMatchObject({ kind: 'compatible' });
  });

  it('a resource or a resource template removed: breaking', () => {
    const changed = structuredClone(demo);
    changed.resources = changed.resources.filter((resource) => resource.uri !== 'demo://docs/readme');
    changed.resourceTemplates = [];
    expect(diffSurfaces(demo, changed).map((change) => [change.kind, change.path])).toEqual([
      ['breaking', '$.resourceTemplates["demo://notes/{id}"]'],
      // The Skills extension's template for a skill's files (SEP-2640).
      ['breaking', '$.resourceTemplates["skill://{+path}"]'],
      ['breaking', '$.resources["demo://docs/readme"]'],
    ]);
  });

  it('a list that no longer reads: one breaking change, not one per item', () => {
    const failing = structuredClone(demo);
    failing.tools = [];
    failing.failures = { 'tools/list': 'Internal error' };
    expect(only(diffSurfaces(demo, failing))).toMatchObject({
      kind: 'breaking',
      path: '$.tools',
      what: 'tools/list fails: Internal error',
    });
  });
});
