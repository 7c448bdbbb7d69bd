import { defineVerb, type OwnInput } from '../verb.js';

export const readVerb = defineVerb({
  name: 'read',
  shape: {
    subject: { name: '<uri>', description: 'the resource to read' },
    description:
      'Reads a resource: text printed as it is, binary contents summarised (or saved with --save-media).',
    savesMedia: true,
    examples: [
      'mcp-inspect read demo://docs/readme',
      'mcp-inspect read demo://images/swatch.png --save-media ./out',
    ],
  },
  request: ({ subject }: OwnInput<object>): { subject?: string } =>
    subject === undefined ? {} : { subject },
  async session(request) {
    const { readVerb } = await import('./runRead.js');
    return { run: (context) => readVerb({ ...context, request }) };
  },
});
