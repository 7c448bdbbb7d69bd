import type { RawFixture } from './rawServer.js';

/** The name the unknown-tool probe always called before it was random. */
export const OLD_UNKNOWN_TOOL = 'mcp-inspect-probe-no-such-tool';

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });
const stringInput = (name: string) => ({
  type: 'object',
  properties: { [name]: { type: 'string', description: `the ${name}` } },
  required: [name],
  additionalProperties: false,
});

/**
 * A server the probes must be careful with: a destructive tool listed under the name the
 * unknown-tool probe used to call; read-only tools that reach a service outside (openWorldHint
 * unset, and true), which a 1 MiB argument would be posted to; and a read-only local tool that
 * answers its plain call after `slowMs`, as real servers sometimes take seconds. Every call is
 * told to `onCall` by name (an unknown one as "(unknown)").
 */
export function probeSafetyFixture(
  slowMs: number,
  onCall: (name: string) => void = () => undefined,
): RawFixture {
  const called =
    (name: string, answer: (args: Record<string, unknown>) => unknown) => (args: Record<string, unknown>) => {
      onCall(name);
      return answer(args);
    };
  return {
    name: 'lint-probe-safety-fixture',
    tools: [
      [
        {
          name: OLD_UNKNOWN_TOOL,
          description: 'Deletes every record the account holds, at once and for good.',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
          annotations: { destructiveHint: true, openWorldHint: false },
        },
        {
          name: 'render_chart',
          description: 'Renders a chart by posting its spec to a public charting service.',
          inputSchema: stringInput('spec'),
          annotations: { readOnlyHint: true },
        },
        {
          name: 'web_search',
          description: 'Searches the web.',
          inputSchema: stringInput('query'),
          annotations: { readOnlyHint: true, openWorldHint: true },
        },
        {
          name: 'slow_report',
          description: 'Summarises the local records; takes a few seconds.',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
      ],
    ],
    call: {
      [OLD_UNKNOWN_TOOL]: called(OLD_UNKNOWN_TOOL, () => text('deleted every record')),
      render_chart: called('render_chart', () => text('chart posted')),
      web_search: called('web_search', () => text('results')),
      slow_report: called(
        'slow_report',
        () => new Promise((resolve) => setTimeout(() => resolve(text('3 records')), slowMs)),
      ),
    },
    unknown: () => {
      onCall('(unknown)');
      return { isError: true, content: [{ type: 'text', text: 'no such tool' }] };
    },
  };
}
