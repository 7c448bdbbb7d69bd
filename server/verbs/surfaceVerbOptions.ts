import { InvalidArgumentError, type Command } from 'commander';

/**
 * The options of the verbs that read, compare and replay a server's surface (snapshot, diff, mock,
 * parity), apart from verbOptions.ts so that their flags sit in one place.
 */
export type SurfaceVerbOptions =
  | { verb: 'snapshot'; out?: string }
  /** `b` absent: the second side is the live target (a command after --, --url, or the demo). */
  | { verb: 'diff'; a: string; b?: string }
  | { verb: 'mock'; file: string; http: boolean; port: number; speed: number }
  | { verb: 'parity' };

type SurfaceVerb = SurfaceVerbOptions['verb'];

interface Shape {
  subject?: { name: string; description: string };
  secondSubject?: { name: string; description: string };
  noTarget?: boolean;
  description: string;
  examples: string[];
}

export const SURFACE_VERBS: Record<SurfaceVerb, Shape> = {
  snapshot: {
    description:
      "The server's surface (server info, capabilities, extensions, tools with their schemas and annotations, resources, templates, prompts) as stable JSON, sorted, fit to commit; on stdout, or in --out FILE.",
    examples: [
      'mcp-inspect snapshot --out surface.json -- node build/index.js',
      'mcp-inspect snapshot --url http://127.0.0.1:3001/mcp > surface.json',
    ],
  },
  diff: {
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
  mock: {
    subject: {
      name: '<session.jsonl>',
      description: "a recording: the page's traffic export or a verb's --traffic file",
    },
    noTarget: true,
    description:
      'Serves a recording as an MCP server, in the era it was recorded in: each request gets the recorded answer to the same method and parameters; notifications that followed it are replayed with their recorded delays. Over stdio, or Streamable HTTP on 127.0.0.1 with --http.',
    examples: [
      'mcp-inspect mock session.jsonl',
      'mcp-inspect tools -- mcp-inspect mock session.jsonl',
      'mcp-inspect mock session.jsonl --http --port 3001 --speed 0',
    ],
  },
  parity: {
    description:
      "Reads the server's lists (and, with --collection, runs the collection's calls) in the legacy era and in the modern era (two connections) and shows every difference, ignoring what the eras are meant to differ in (_meta, resultType, cache hints). Exit 7 when they differ.",
    examples: [
      'mcp-inspect parity -- node build/index.js',
      'mcp-inspect parity --url http://127.0.0.1:3001/mcp',
      'mcp-inspect parity --collection mcp-inspect.collection.json',
    ],
  },
};

export function isSurfaceVerb(verb: string): verb is SurfaceVerb {
  return verb in SURFACE_VERBS;
}

/** Verbs that run apart from the one connected session of executeVerb (see apartVerbs.ts). */
export function runsApart(request: { surface?: SurfaceVerbOptions | undefined }): boolean {
  const options = request.surface;
  return (
    options?.verb === 'mock' ||
    options?.verb === 'parity' ||
    (options?.verb === 'diff' && options.b !== undefined)
  );
}

export function addSurfaceVerbOptions(verb: string, program: Command): void {
  if (verb === 'snapshot')
    program.option('--out <file>', 'write the snapshot to this file instead of stdout');
  if (verb === 'parity')
    program.option(
      '--collection <file>',
      "also run this collection's calls in both eras and compare their results (its target is the server unless one is given)",
    );
  if (verb === 'mock') {
    program
      .option('--http', 'serve Streamable HTTP on 127.0.0.1 instead of stdio')
      .option('--port <n>', 'the port for --http (0 picks a free one, printed on stderr)', parsePort, 0)
      .option(
        '--speed <x>',
        'replay the recorded delays this many times faster (0: no delays)',
        parseSpeed,
        1,
      );
  }
}

interface RawSurfaceOptions {
  out?: string;
  http?: boolean;
  port?: number;
  speed?: number;
}

/** The verb's own part of the request, or nothing for the other verbs. */
export function surfaceVerbRequest(
  verb: string,
  options: RawSurfaceOptions,
  subject: string | undefined,
  second: string | undefined,
  serverGiven: boolean,
  fail: (message: string) => never,
): { surface?: SurfaceVerbOptions } {
  switch (verb) {
    case 'snapshot':
      return { surface: { verb, ...(options.out === undefined ? {} : { out: options.out }) } };
    case 'diff':
      if (subject === undefined) return fail('diff needs the old side: a snapshot file or a recording');
      if (second !== undefined && serverGiven)
        fail(
          'diff compares two sides: two files, or one file and the live server (after --, --url or --config), not both',
        );
      return { surface: { verb, a: subject, ...(second === undefined ? {} : { b: second }) } };
    case 'mock':
      if (subject === undefined) return fail('mock needs a recording: mcp-inspect mock session.jsonl');
      if (!options.http && options.port !== 0) fail('--port is for --http');
      return {
        surface: {
          verb,
          file: subject,
          http: options.http === true,
          port: options.port ?? 0,
          speed: options.speed ?? 1,
        },
      };
    case 'parity':
      return { surface: { verb } };
    default:
      return {};
  }
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('a port number, 0 to 65535');
  return port;
}

function parseSpeed(value: string): number {
  const speed = Number(value);
  if (!Number.isFinite(speed) || speed < 0) throw new InvalidArgumentError('a number, 0 or above');
  return speed;
}
