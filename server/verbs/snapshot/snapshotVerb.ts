import { defineVerb, type OwnInput } from '../verb.js';

export const snapshotVerb = defineVerb({
  name: 'snapshot',
  shape: {
    description:
      "The server's surface (server info, capabilities, extensions, tools with their schemas and annotations, resources, templates, prompts) as stable JSON, sorted, fit to commit; on stdout, or in --out FILE.",
    examples: [
      'mcp-inspect snapshot --out surface.json -- node build/index.js',
      'mcp-inspect snapshot --url http://127.0.0.1:3001/mcp > surface.json',
    ],
  },
  options(program) {
    program.option('--out <file>', 'write the snapshot to this file instead of stdout');
  },
  request: ({ options }: OwnInput<{ out?: string }>): { out?: string } =>
    options.out === undefined ? {} : { out: options.out },
  async session(request) {
    const { snapshotVerb } = await import('./runSnapshot.js');
    return { run: (context) => snapshotVerb({ ...context, request }) };
  },
});
