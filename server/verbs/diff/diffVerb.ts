import { defineVerb, type OwnInput } from '../verb.js';

/** The two sides of `diff`; `b` absent: the second side is the live target (a command after --, --url, or the demo). */
export interface DiffRequest {
  a: string;
  b?: string;
}

export const diffVerb = defineVerb({
  name: 'diff',
  shape: {
    subject: { name: '<a>', description: 'the old side: a snapshot file or a --traffic recording (.jsonl)' },
    secondSubject: {
      name: '[b]',
      description: 'the new side, a file as <a>; without it, the live server (after --, --url or --config)',
    },
    description:
      'Compares two surfaces and classifies each change as breaking for clients or compatible. Exit 7 on a breaking change.',
    examples: [
      'mcp-inspect diff v1.json v2.json',
      'mcp-inspect diff surface.json -- node build/index.js',
      'mcp-inspect diff session.jsonl --url http://127.0.0.1:3001/mcp --json',
    ],
  },
  request({ subject, second, serverGiven, fail }: OwnInput<object>): DiffRequest {
    if (subject === undefined) return fail('diff needs the old side: a snapshot file or a recording');
    if (second !== undefined && serverGiven)
      fail(
        'diff compares two sides: two files, or one file and the live server (after --, --url or --config), not both',
      );
    return { a: subject, ...(second === undefined ? {} : { b: second }) };
  },
  // Two files: no server.
  apart: (request) =>
    request.b === undefined
      ? undefined
      : async (out) => (await import('./runDiff.js')).diffFiles(request, out),
  async session(request) {
    const { diffVerb } = await import('./runDiff.js');
    return { run: (context) => diffVerb({ ...context, request }) };
  },
});
