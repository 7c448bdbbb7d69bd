// The demo's MCP App as a host finds it: the tool names its ui:// resource, the resource is one
// HTML document with everything inline, and both tools answer with the forecast the app reads.
import { Client } from '@modelcontextprotocol/client';
import {
  getToolUiResourceUri,
  isToolVisibilityAppOnly,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { describe, expect, it } from 'vitest';
import { connectToDemo } from '../testSupport/demoConnection.js';
import { WEATHER_APP_URI, type fakeForecast } from './weatherApp.js';

const connect = (): Promise<Client> => connectToDemo(new Client({ name: 'test host', version: '1' }));

describe('the demo MCP App', () => {
  it('is declared by weather_dashboard, and weather_refresh is for the app only', async () => {
    const { tools } = await (await connect()).listTools();
    const dashboard = tools.find((tool) => tool.name === 'weather_dashboard');
    const refresh = tools.find((tool) => tool.name === 'weather_refresh');
    expect(dashboard && getToolUiResourceUri(dashboard)).toBe(WEATHER_APP_URI);
    expect(dashboard && isToolVisibilityAppOnly(dashboard)).toBe(false);
    expect(refresh && isToolVisibilityAppOnly(refresh)).toBe(true);
  });

  it('serves one HTML document that loads nothing from elsewhere', async () => {
    const { contents } = await (await connect()).readResource({ uri: WEATHER_APP_URI });
    expect(contents).toHaveLength(1);
    const [content] = contents;
    expect(content?.mimeType).toBe(RESOURCE_MIME_TYPE);
    const html = content && 'text' in content ? content.text : '';
    expect(html).toMatch(/^<!doctype html>/);
    // No <script src>, <link href> or @import: everything the app runs is in the document.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import/i);
    expect(content?._meta).toEqual({ ui: { prefersBorder: true } });
  });

  it('answers both tools with the forecast the app renders, day 0 being get_weather', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'weather_dashboard', arguments: { city: 'Lyon', days: 4 } });
    const forecast = result.structuredContent as ReturnType<typeof fakeForecast>;
    expect(forecast.city).toBe('Lyon');
    expect(forecast.days).toHaveLength(4);
    const weather = await client.callTool({ name: 'get_weather', arguments: { city: 'Lyon' } });
    expect(forecast.days[0]?.temperatureC).toBe(
      (weather.structuredContent as { temperatureC: number }).temperatureC,
    );
    const refreshed = await client.callTool({ name: 'weather_refresh', arguments: { city: 'Lyon' } });
    expect((refreshed.structuredContent as { days: unknown[] }).days).toHaveLength(3);
  });
});
