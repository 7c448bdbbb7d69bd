import type { ServerCapabilities } from '@modelcontextprotocol/client';
import type { SessionFacts } from '../../../shared/core/index.js';

/** `info` for the terminal: who the server is, which era and version, what it can do, its instructions. */
export function infoLines(facts: SessionFacts, transport: string): string[] {
  const server = facts.serverInfo
    ? `${facts.serverInfo.name} ${facts.serverInfo.version}${facts.serverInfo.title ? ` (${facts.serverInfo.title})` : ''}`
    : '(the server did not say)';
  const lines = [
    `server        ${server}`,
    `era           ${facts.era ?? 'unknown'}${facts.protocolVersion ? `, protocol version ${facts.protocolVersion}` : ''}`,
    `transport     ${transport}`,
    `capabilities  ${capabilityWords(facts.capabilities) || '(none)'}`,
  ];
  const extensions = Object.keys(facts.capabilities?.extensions ?? {});
  if (extensions.length > 0) lines.push(`extensions    ${extensions.join(', ')}`);
  const instructions = facts.instructions?.trim();
  if (instructions) {
    const [first = '', ...rest] = instructions.split('\n');
    lines.push(`instructions  ${first}`, ...rest.map((line) => `              ${line}`));
  }
  return lines;
}

/** "tools (listChanged), resources (subscribe, listChanged), prompts, logging". */
function capabilityWords(capabilities: ServerCapabilities | undefined): string {
  if (!capabilities) return '';
  return Object.entries(capabilities)
    .filter(([name]) => name !== 'extensions' && name !== 'experimental')
    .map(([name, value]) => {
      const flags =
        typeof value === 'object' && value !== null
          ? Object.entries(value as Record<string, unknown>)
              .filter(([, on]) => on === true || (typeof on === 'object' && on !== null))
              .map(([flag]) => flag)
          : [];
      return flags.length > 0 ? `${name} (${flags.join(', ')})` : name;
    })
    .join(', ');
}
