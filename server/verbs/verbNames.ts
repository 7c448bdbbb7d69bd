/**
 * The headless verbs' names, apart from everything else: the CLI reads its first argument against
 * them before loading anything (see cli.ts), so this file imports nothing.
 */
export const VERB_NAMES = [
  'info',
  'tools',
  'call',
  'resources',
  'templates',
  'read',
  'prompts',
  'prompt',
  'test',
  'load',
] as const;

export type VerbName = (typeof VERB_NAMES)[number];

export function isVerbName(word: string | undefined): word is VerbName {
  return (VERB_NAMES as readonly string[]).includes(word ?? '');
}

/** The verbs as the page's `--help` lists them. */
export const VERB_HELP = `Headless verbs (no browser; the verb comes first, the server's command after --):
  mcp-inspect info      [options] [-- command…]   era, protocol version, server info, capabilities
  mcp-inspect tools     [options] [-- command…]   the tools
  mcp-inspect call <tool> [--arg k=v…] [options] [-- command…]   call a tool
  mcp-inspect resources | templates | prompts     the resources, resource templates, prompts
  mcp-inspect read <uri>      [options] [-- command…]   read a resource
  mcp-inspect prompt <name>   [--arg k=v…] [options] [-- command…]   get a prompt
  mcp-inspect test [file]     [options] [-- command…]   run a collection's items and check their expectations
  mcp-inspect load <tool> [--arg k=v…] --concurrency C (--requests N | --duration 30s) [--rate R/s]   a load test
  A server whose command is a verb's name: mcp-inspect -- <command>.
  Run mcp-inspect <verb> --help for a verb's options.`;
