/** The spec revision the rules cite: the last of the initialize era, whose text the modern one keeps. */
export const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25';

export const REF = {
  toolNames: `${SPEC}/server/tools#tool-names`,
  tool: `${SPEC}/server/tools#tool`,
  outputSchema: `${SPEC}/server/tools#output-schema`,
  structuredContent: `${SPEC}/server/tools#structured-content`,
  toolErrors: `${SPEC}/server/tools#error-handling`,
  toolSecurity: `${SPEC}/server/tools#security-considerations`,
  toolAnnotations: `${SPEC}/schema#toolannotations`,
  jsonSchema: `${SPEC}/basic#json-schema-usage`,
  icon: `${SPEC}/schema#icon`,
  resource: `${SPEC}/schema#resource`,
  resourceTemplates: `${SPEC}/server/resources#resource-templates`,
  promptArgument: `${SPEC}/schema#promptargument`,
  pagination: `${SPEC}/server/utilities/pagination`,
  capabilities: `${SPEC}/basic/lifecycle#capability-negotiation`,
  versions: `${SPEC}/basic/lifecycle#version-negotiation`,
  ping: `${SPEC}/basic/utilities/ping`,
  /** Design practice: Anthropic's guide to writing tools for agents. */
  writingTools: 'https://www.anthropic.com/engineering/writing-tools-for-agents',
  /** Tool poisoning: instructions hidden in tool metadata. */
  toolPoisoning: 'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks',
  /** Structured outputs' supported schema subset (where portability breaks first). */
  structuredOutputs: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
} as const;
