/**
 * Which MCP protocol era the page's client speaks to the target: `auto` probes with
 * `server/discover` and falls back to the legacy `initialize` handshake; `modern` insists on
 * 2026-07-28 or later; `legacy` sends `initialize` straight away. Apart from wire.ts so that the
 * CLI reads config files without loading zod (see server/cli/cli.ts).
 */
export const ERA_CHOICES = ['auto', 'modern', 'legacy'] as const;
export type EraChoice = (typeof ERA_CHOICES)[number];

export function isEraChoice(value: unknown): value is EraChoice {
  return (ERA_CHOICES as readonly unknown[]).includes(value);
}
