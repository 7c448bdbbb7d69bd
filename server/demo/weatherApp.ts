// weather_dashboard: a tool with an MCP App (ext-apps, spec 2026-01-26). Its _meta names the
// ui:// resource the host renders after a call; the app (client/demoApp/) shows the forecast
// and calls weather_refresh, a tool only the app may call (visibility ["app"]).
import {
  RESOURCE_MIME_TYPE,
  registerAppResource,
  registerAppTool,
} from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { weatherAppHtml } from './appHtml.js';
import { fakeWeather } from './weather.js';

export const WEATHER_APP_URI = 'ui://mcp-inspect-demo/weather-dashboard.html';

const inputSchema = z.object({
  city: z.string().min(1).max(100).describe('City name'),
  days: z.number().int().min(1).max(7).default(3).describe('How many days, 1 to 7'),
});

const outputSchema = z.object({
  city: z.string(),
  days: z.array(z.object({ date: z.string(), temperatureC: z.number(), conditions: z.string() })),
  issuedAt: z.string(),
});

type Forecast = z.infer<typeof outputSchema>;

/** Day 0 is get_weather's report for the city; later days are as repeatable. */
export function fakeForecast(city: string, days: number, now = new Date()): Forecast {
  return {
    city,
    days: Array.from({ length: days }, (_, offset) => {
      const report = fakeWeather(offset === 0 ? city : `${city}#${offset}`);
      const date = new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      return { date, temperatureC: report.temperatureC, conditions: report.conditions };
    }),
    issuedAt: now.toISOString(),
  };
}

function result(forecast: Forecast) {
  const lines = forecast.days.map((day) => `${day.date}: ${day.temperatureC} °C, ${day.conditions}`);
  return {
    structuredContent: forecast,
    // The text is what a host without MCP Apps (or the model) gets.
    content: [{ type: 'text' as const, text: `Forecast for ${forecast.city}:\n${lines.join('\n')}` }],
  };
}

export function registerWeatherApp(server: McpServer): void {
  registerAppResource(
    server,
    'Weather dashboard',
    WEATHER_APP_URI,
    { description: 'The MCP App of weather_dashboard: HTML and script inline, nothing from the network.' },
    () => ({
      contents: [
        {
          uri: WEATHER_APP_URI,
          mimeType: RESOURCE_MIME_TYPE,
          text: weatherAppHtml(),
          // No csp: the app reaches nothing outside its sandbox, the restrictive default.
          _meta: { ui: { prefersBorder: true } },
        },
      ],
    }),
  );

  registerAppTool(
    server,
    'weather_dashboard',
    {
      title: 'Weather dashboard (MCP App)',
      description:
        'A made-up forecast for a city, shown by an interactive MCP App: tool input, the result, a refresh ' +
        'call back to the server, a message, a link and size changes.',
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
      _meta: { ui: { resourceUri: WEATHER_APP_URI } },
    },
    ({ city, days }) => result(fakeForecast(city, days)),
  );

  registerAppTool(
    server,
    'weather_refresh',
    {
      title: 'Refresh the forecast (app only)',
      description:
        "Called by the weather dashboard's Refresh button; hidden from the model (visibility: app).",
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
      _meta: { ui: { resourceUri: WEATHER_APP_URI, visibility: ['app'] } },
    },
    ({ city, days }) => result(fakeForecast(city, days)),
  );
}
