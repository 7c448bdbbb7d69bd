import { z } from 'zod';

/**
 * What the page and the bridge say about a host's MCP config file (API_HOST_CONFIG_PATH): the
 * same operations as `mcp-inspect wrap` and `unwrap`, with the same masking (no env value, header
 * or URL secret ever leaves the bridge).
 */
export const HostConfigRequestSchema = z.object({
  action: z.enum(['read', 'wrap', 'unwrap']),
  /** A path, or a host's shorthand (`claude-desktop`, `cursor`, `vscode`…) for its default file. */
  config: z.string().min(1).max(4096),
  servers: z.array(z.string().max(1024)).max(200).default([]),
  all: z.boolean().default(false),
  dryRun: z.boolean().default(true),
});

export type HostConfigRequest = z.input<typeof HostConfigRequestSchema>;

/** A host's default file on the bridge's machine. */
export interface HostLocationView {
  name: string;
  what: string;
  path: string;
  exists: boolean;
}

/** One server of the file, as the page lists it: its command line or URL masked. */
export interface HostServerView {
  id: string;
  kind: 'stdio' | 'url';
  /** The command line (masked) or the URL (masked); for a wrapped stdio entry, the original's. */
  shown: string;
  wrapped: boolean;
}

export interface HostConfigView {
  config: string;
  host: string | null;
  servers: HostServerView[];
  unreadable: { id: string; why: string }[];
}

/** What a wrap or an unwrap did, or would do (`written: false`). URLs and commands masked. */
export interface HostConfigChange {
  config: string;
  host: string | null;
  diff: string;
  written: boolean;
  record: string;
  changed: {
    id: string;
    kind: 'stdio' | 'url';
    url?: string;
    port?: number;
    localUrl?: string;
    proxyCommand?: string;
  }[];
  skipped: { id: string; why: string }[];
  restored?: boolean;
  changedSinceWrap?: boolean;
  noRecord?: boolean;
}
