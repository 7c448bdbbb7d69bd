// region_status: a tool whose `region` argument is marked `x-mcp-header` (SEP-2243). Over
// Streamable HTTP a 2026-07-28 client mirrors that argument into an `Mcp-Param-Region` request
// header so proxies can route on it without reading the body; the SDK's HTTP entry checks the
// header against the body and answers a mismatch with -32020 before this handler runs. The result
// says which header arrived, so the mirroring is visible.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

const HEADER = 'Mcp-Param-Region';
const STATUSES = ['all systems normal', 'degraded: slow responses', 'under maintenance'];

export function registerRegionTool(server: McpServer): void {
  server.registerTool(
    'region_status',
    {
      title: 'Region status',
      description:
        `Reports a made-up service status for a region. \`region\` is marked x-mcp-header, so over ` +
        `HTTP a 2026-07-28 client also sends it as the ${HEADER} header; the result says what arrived.`,
      inputSchema: z.object({
        region: z
          .string()
          .min(1)
          .max(64)
          .describe('Region name, e.g. eu-west')
          // Zod copies .meta() into the JSON Schema that tools/list shows.
          .meta({ 'x-mcp-header': 'Region' }),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ region }, ctx) => {
      const header = ctx.http?.req?.headers.get(HEADER);
      const seen =
        header === null || header === undefined
          ? `No ${HEADER} header arrived (stdio, or a client that does not mirror x-mcp-header arguments).`
          : `${HEADER} header: ${header}`;
      return {
        content: [{ type: 'text', text: `Region ${region}: ${statusOf(region)} (made up).\n${seen}` }],
      };
    },
  );
}

// Same region, same status: stable for tests, and no network.
function statusOf(region: string): string {
  let sum = 0;
  for (const char of region.trim().toLowerCase()) sum += char.codePointAt(0) ?? 0;
  return STATUSES[sum % STATUSES.length] ?? 'unknown';
}
