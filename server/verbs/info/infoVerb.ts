import { defineVerb } from '../verb.js';

export const infoVerb = defineVerb({
  name: 'info',
  shape: {
    description: "The server's era, negotiated protocol version, identity, capabilities and instructions.",
    examples: ['mcp-inspect info', 'mcp-inspect info --era legacy -- node build/index.js'],
  },
  request: (): object => ({}),
  async session(request) {
    const { runInfoVerb } = await import('./runInfo.js');
    return { run: (context) => runInfoVerb({ ...context, request }) };
  },
});
