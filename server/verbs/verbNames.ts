/**
 * The headless verbs' names, apart from everything else: the CLI reads its first argument against
 * them before loading anything (see cli.ts), so this file imports nothing. Each verb itself is its
 * folder, registered in verbTable.ts (which does not compile without a line for each name here).
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
  'snapshot',
  'diff',
  'mock',
  'parity',
  'lint',
  'test',
  'load',
  'skills',
  'eval',
] as const;

export type VerbName = (typeof VERB_NAMES)[number];

export function isVerbName(word: string | undefined): word is VerbName {
  return (VERB_NAMES as readonly string[]).includes(word ?? '');
}

/**
 * The verbs that put a host's config on the proxy and back (server/hostConfigs/): they change a
 * file and connect to nothing, so they have a runner of their own.
 */
export const CONFIG_VERB_NAMES = ['wrap', 'unwrap'] as const;

export type ConfigVerbName = (typeof CONFIG_VERB_NAMES)[number];

export function isConfigVerbName(word: string | undefined): word is ConfigVerbName {
  return (CONFIG_VERB_NAMES as readonly string[]).includes(word ?? '');
}

/**
 * The verbs as the page's `--help` lists them, each on a line of its own (server/cli/referenceDocs.test.ts
 * holds it to the verbs docs/verbs.md documents).
 */
export const VERB_HELP = `Headless verbs (no browser; the verb comes first, the server's command after --):
  mcp-inspect info      [options] [-- command…]   era, protocol version, server info, capabilities
  mcp-inspect tools     [options] [-- command…]   the tools
  mcp-inspect call <tool> [--arg k=v…] [options] [-- command…]   call a tool
  mcp-inspect resources [options] [-- command…]   the resources
  mcp-inspect templates [options] [-- command…]   the resource templates
  mcp-inspect prompts   [options] [-- command…]   the prompts
  mcp-inspect read <uri>      [options] [-- command…]   read a resource
  mcp-inspect prompt <name>   [--arg k=v…] [options] [-- command…]   get a prompt
  mcp-inspect snapshot [--out FILE] [options] [-- command…]   the server's surface, sorted, to commit
  mcp-inspect diff <a> [b] [options] [-- command…]   breaking and compatible changes from a to b
                                  (each a snapshot or a --traffic recording; without b, the live server)
  mcp-inspect mock <session.jsonl> [--http --port N] [--speed X]   serve a recording as an MCP server
  mcp-inspect parity [options] [-- command…]   the same lists in the legacy and the modern era, compared
  mcp-inspect lint    [--probe] [--format text|json|sarif] [-- command…]   check the server (exit 6 on an error)
  mcp-inspect test [file]     [options] [-- command…]   run a collection's items and check their expectations
  mcp-inspect eval [file] --model M [--runs K] [-- command…]   a model given the server's tools: each eval's expectations, K runs, a pass rate (exit 8)
  mcp-inspect load <tool> [--arg k=v…] --concurrency C (--requests N | --duration 30s) [--rate R/s]   a load test
  mcp-inspect proxy [--inject RULE…] -- <command…>   a transparent proxy a host runs in place of its server
  mcp-inspect proxy --url <url> [--port N]          the same for an HTTP server, on 127.0.0.1:N
  mcp-inspect captures [list | export <id> -o FILE | watch]   the sessions proxies captured
  mcp-inspect wrap   --config <file|host> [--server NAME | --all] [--dry-run]   put a host's servers on the proxy
  mcp-inspect unwrap --config <file|host> [--server NAME | --all] [--dry-run]   and back (byte for byte when unchanged)
  mcp-inspect skills [get <name>] [--verify] [-- command…]   the skills; one's SKILL.md; files checked (exit 6)
  mcp-inspect workspace [list | import --from HOST | add NAME … | remove | rename | move]   the workspace file's servers
  mcp-inspect <verb> --server NAME   a server of the workspace file; lint --all [--host H], test --all: every one
  A server whose command is a verb's name: mcp-inspect -- <command>.
  Run mcp-inspect <verb> --help for a verb's options.`;
