// The demo answers both protocol eras on one stdio-style connection: a v2 client in auto mode
// negotiates 2026-07-28, a v2 client by default and a v1 SDK client use the 2025 handshake.
// In memory, through the same serveStdio wiring the stdio entry uses.
import { Client } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { connectToDemo } from '../testSupport/demoConnection.js';

const TOOLS = [
  'echo',
  'get_json',
  'render_image',
  'play_tone',
  'link_resource',
  'embed_text_resource',
  'embed_blob_resource',
  'get_weather',
  'fetch_url_info',
  'delete_note',
  'add_note',
  'fail',
  'slow_count',
  'toggle_bonus_tool',
  'annotations_absent',
  'log_message',
  'book_table',
  'long_task',
  'region_status',
  'weather_dashboard',
  'weather_refresh',
];

describe('the demo in both eras', () => {
  it('gives a v2 client in auto mode the modern era, with the tasks extension', async () => {
    const client = new Client({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await connectToDemo(client);

    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getServerCapabilities()?.extensions).toEqual({
      'io.modelcontextprotocol/tasks': {},
      'io.modelcontextprotocol/skills': { directoryRead: true },
    });
    expect(client.getServerCapabilities()?.tasks).toBeUndefined();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    // 2026-07-28 removed execution.taskSupport; the SDK strips it from modern tools/list.
    expect(tools.find((tool) => tool.name === 'long_task')?.execution).toBeUndefined();
  });

  it('gives a v2 client by default the legacy era, with 2025-11-25 tasks', async () => {
    const client = new Client({ name: 'legacy', version: '1' });
    await connectToDemo(client);

    expect(client.getProtocolEra()).toBe('legacy');
    expect(client.getServerCapabilities()?.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    expect(tools.find((tool) => tool.name === 'long_task')?.execution).toEqual({ taskSupport: 'optional' });
  });

  it('still works for a v1 SDK client: tools, structured output, resources, completion, prompts', async () => {
    const client = new V1Client({ name: 'v1', version: '1' });
    await connectToDemo(client);

    expect(client.getServerVersion()).toMatchObject({ name: 'mcp-inspect-demo', version: '1.0.0' });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(TOOLS);
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hi', uppercase: true } })).toEqual({
      content: [{ type: 'text', text: 'HI' }],
    });
    const weather = await client.callTool({ name: 'get_weather', arguments: { city: 'Paris' } });
    expect(weather.structuredContent).toEqual({ city: 'Paris', temperatureC: 25.5, conditions: 'foggy' });

    expect(await client.readResource({ uri: 'demo://notes/1' })).toEqual({
      contents: [{ uri: 'demo://notes/1', mimeType: 'text/plain', text: 'Buy milk' }],
    });
    await expect(client.readResource({ uri: 'demo://notes/99' })).rejects.toMatchObject({
      code: -32602,
      data: { uri: 'demo://notes/99' },
    });

    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'review_code' },
      argument: { name: 'language', value: 'ja' },
    });
    expect(completion.completion.values).toEqual(['javascript', 'java']);
    const greeting = await client.getPrompt({ name: 'greeting', arguments: { name: 'Ada' } });
    expect(greeting.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it('tells a legacy client about list changes with unsolicited notifications', async () => {
    const client = new Client({ name: 'legacy', version: '1' });
    const seen: string[] = [];
    client.setNotificationHandler('notifications/tools/list_changed', () => void seen.push('tools'));
    client.setNotificationHandler('notifications/resources/list_changed', () => void seen.push('resources'));
    await connectToDemo(client);

    await client.callTool({ name: 'toggle_bonus_tool', arguments: {} });
    await client.callTool({ name: 'add_note', arguments: { text: 'from a test' } });

    await expect.poll(() => seen).toEqual(['tools', 'resources']);
    expect((await client.listTools()).tools.at(-1)?.name).toBe('bonus');
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('demo://notes/4');
  });

  it('tells a modern client about list changes on its subscriptions/listen stream', async () => {
    const client = new Client({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    const seen: string[] = [];
    client.setNotificationHandler('notifications/tools/list_changed', () => void seen.push('tools'));
    client.setNotificationHandler('notifications/resources/list_changed', () => void seen.push('resources'));
    await connectToDemo(client);
    const subscription = await client.listen({ toolsListChanged: true, resourcesListChanged: true });
    expect(subscription.honoredFilter).toMatchObject({ toolsListChanged: true, resourcesListChanged: true });

    await client.callTool({ name: 'toggle_bonus_tool', arguments: {} });
    await client.callTool({ name: 'add_note', arguments: { text: 'from a test' } });

    await expect.poll(() => seen).toEqual(['tools', 'resources']);
    await subscription.close();
  });
});
