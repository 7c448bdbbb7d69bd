// Tools whose point is the shape of what they return: one per MCP content type, plus structured
// output, so the inspector's result renderers all have a fixture.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import {
  README_DESCRIPTION,
  README_MARKDOWN,
  README_MIME_TYPE,
  README_URI,
  SWATCH_URI,
  swatchPng,
} from './fixtures.js';
import { gradientPng, sineWav, WAV_SAMPLE_RATE } from './media.js';
import { fakeWeather } from './weather.js';

const SAMPLE_JSON = {
  project: 'mcp-inspect',
  features: ['tools', 'resources', 'prompts'],
  nested: { depth: 2, ok: true },
};

export function registerContentTools(server: McpServer): void {
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns the message as text, optionally uppercased.',
      inputSchema: z.object({
        // Bounded, as a tool's free text should be (lint's unbounded-input), but high: the
        // inspector's own tests echo megabytes through it to exercise large frames.
        message: z
          .string()
          .max(16 * 1024 * 1024)
          .describe('Text to send back, up to 16 MiB'),
        uppercase: z.boolean().optional().describe('Uppercase the message first'),
      }),
      annotations: {
        title: 'Echo',
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ message, uppercase }) => ({
      content: [{ type: 'text', text: uppercase ? message.toUpperCase() : message }],
    }),
  );

  server.registerTool(
    'get_json',
    {
      title: 'Get JSON',
      description: 'Returns a fixed object as pretty-printed JSON in a single text block.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => ({ content: [{ type: 'text', text: JSON.stringify(SAMPLE_JSON, null, 2) }] }),
  );

  server.registerTool(
    'render_image',
    {
      title: 'Render image',
      description: 'Returns a square colour-gradient PNG generated on the fly.',
      inputSchema: z.object({
        size: z.number().int().min(8).max(256).default(64).describe('Width and height in pixels'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ size }) => ({
      content: [
        { type: 'image', mimeType: 'image/png', data: gradientPng(size).toString('base64') },
        { type: 'text', text: `PNG, ${size}x${size}` },
      ],
    }),
  );

  server.registerTool(
    'play_tone',
    {
      title: 'Play tone',
      description: `Returns a sine tone as a 16-bit mono ${WAV_SAMPLE_RATE} Hz WAV file.`,
      inputSchema: z.object({
        // The ceiling is the Nyquist frequency: anything higher would alias at this sample rate.
        frequency: z
          .number()
          .min(20)
          .max(WAV_SAMPLE_RATE / 2)
          .default(440)
          .describe('Tone frequency in Hz'),
        durationMs: z.number().int().min(50).max(5000).default(500).describe('Length in ms'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ frequency, durationMs }) => ({
      content: [
        {
          type: 'audio',
          mimeType: 'audio/wav',
          data: sineWav(frequency, durationMs).toString('base64'),
        },
      ],
    }),
  );

  server.registerTool(
    'link_resource',
    {
      title: 'Link a resource',
      description: 'Returns a resource_link to the demo README instead of its contents.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => ({
      content: [
        {
          type: 'resource_link',
          uri: README_URI,
          name: 'readme',
          mimeType: README_MIME_TYPE,
          description: README_DESCRIPTION,
        },
        { type: 'text', text: `Linked ${README_URI}; read it with resources/read.` },
      ],
    }),
  );

  server.registerTool(
    'embed_text_resource',
    {
      title: 'Embed a text resource',
      description: 'Returns the demo README embedded as a text resource.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => ({
      content: [
        {
          type: 'resource',
          resource: { uri: README_URI, mimeType: README_MIME_TYPE, text: README_MARKDOWN },
        },
      ],
    }),
  );

  server.registerTool(
    'embed_blob_resource',
    {
      title: 'Embed a binary resource',
      description: 'Returns the 16x16 PNG swatch embedded as a base64 blob resource.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => ({
      content: [
        {
          type: 'resource',
          resource: {
            uri: SWATCH_URI,
            mimeType: 'image/png',
            blob: swatchPng().toString('base64'),
          },
        },
      ],
    }),
  );

  server.registerTool(
    'get_weather',
    {
      title: 'Get weather',
      description: 'Returns made-up but repeatable weather for a city as structured content.',
      inputSchema: z.object({ city: z.string().min(1).max(100).describe('City name') }),
      outputSchema: z.object({
        city: z.string(),
        temperatureC: z.number(),
        conditions: z.string(),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ city }) => {
      const weather = fakeWeather(city);
      return {
        structuredContent: weather,
        // The spec asks tools with structured output to repeat it as text for older clients.
        content: [{ type: 'text', text: JSON.stringify(weather, null, 2) }],
      };
    },
  );

  server.registerTool(
    'fetch_url_info',
    {
      title: 'Describe a URL',
      description: 'Parses a URL and describes its parts. Marked open-world, but never touches the network.',
      inputSchema: z.object({ url: z.url().describe('Any absolute URL') }),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ url }) => {
      const parsed = new URL(url);
      const lines = [
        `Protocol: ${parsed.protocol}`,
        `Host: ${parsed.host || '(none)'}`,
        `Path: ${parsed.pathname || '/'}`,
      ];
      if (parsed.search) lines.push(`Query: ${parsed.search}`);
      if (parsed.hash) lines.push(`Fragment: ${parsed.hash}`);
      lines.push('No request was made: the demo server stays offline.');
      return { content: [{ type: 'text', text: lines.join('\n') }] };
    },
  );
}
