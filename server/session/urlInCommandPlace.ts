/**
 * `mcp-inspect https://example.com/mcp`: a URL where the server's command goes means `--url`
 * (as the official inspector reads it); no command is named like that, and starting one only
 * said "command not found". Imports nothing: the CLI reads it before its parser loads.
 */
export function urlInCommandPlace(command: string | undefined): string | undefined {
  return command !== undefined && /^https?:\/\/\S+$/i.test(command) ? command : undefined;
}
