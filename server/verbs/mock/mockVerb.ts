import { InvalidArgumentError } from 'commander';
import { defineVerb, type OwnInput } from '../verb.js';

/** What `mock` serves, and how. */
export interface MockRequest {
  /** The recording. */
  file: string;
  http: boolean;
  port: number;
  speed: number;
}

interface RawMockOptions {
  http?: boolean;
  port?: number;
  speed?: number;
}

export const mockVerb = defineVerb({
  name: 'mock',
  shape: {
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
  options(program) {
    program
      .option('--http', 'serve Streamable HTTP on 127.0.0.1 instead of stdio')
      .option('--port <n>', 'the port for --http (0 picks a free one, printed on stderr)', parsePort, 0)
      .option(
        '--speed <x>',
        'replay the recorded delays this many times faster (0: no delays)',
        parseSpeed,
        1,
      );
  },
  request({ options, subject, fail }: OwnInput<RawMockOptions>): MockRequest {
    if (subject === undefined) return fail('mock needs a recording: mcp-inspect mock session.jsonl');
    if (!options.http && options.port !== 0) fail('--port is for --http');
    return { file: subject, http: options.http === true, port: options.port ?? 0, speed: options.speed ?? 1 };
  },
  // It is the server: no session of its own.
  apart: (request) => async (out) => (await import('./runMock.js')).runMock(request, out),
});

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
