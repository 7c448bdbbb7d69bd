import { defineVerb } from '../verb.js';

export const parityVerb = defineVerb({
  name: 'parity',
  shape: {
    description:
      "Reads the server's lists (and, with --collection, runs the collection's calls) in the legacy era and in the modern era (two connections) and shows every difference, ignoring what the eras are meant to differ in (_meta, resultType, cache hints). Exit 7 when they differ.",
    examples: [
      'mcp-inspect parity -- node build/index.js',
      'mcp-inspect parity --url http://127.0.0.1:3001/mcp',
      'mcp-inspect parity --collection mcp-inspect.collection.json',
    ],
  },
  options(program) {
    program.option(
      '--collection <file>',
      "also run this collection's calls in both eras and compare their results (its target is the server unless one is given)",
    );
  },
  // `parity --collection FILE` reads it as test does, to run its calls in both eras.
  collectionFile: (_subject: string | undefined, options: { collection?: string }) => options.collection,
  request: (): object => ({}),
  // Two connections, one per era.
  apart: (request) => async (out) => (await import('./runParity.js')).runParity(request, out),
});
