import type { Command } from 'commander';
import { argumentsOf, type RawArguments } from '../toolArguments.js';
import { defineVerb, type OwnInput } from '../verb.js';

/** A tool and its arguments, as `call` and `load` take them. */
export interface ToolCallRequest {
  /** The tool. */
  subject?: string;
  args: RawArguments;
  /** `--no-validate`: the arguments sent unchecked against the tool's inputSchema. */
  validate: boolean;
}

/** What `call` runs with, beyond every verb's options. */
export interface CallRequest extends ToolCallRequest {
  /** `--task`: run as a task, followed to its result. */
  asTask: boolean;
}

interface RawCallOptions {
  arg?: string[];
  args?: string;
  validate?: boolean;
  task?: boolean;
}

export const callVerb = defineVerb({
  name: 'call',
  shape: {
    subject: { name: '<tool>', description: 'the tool to call' },
    description:
      "Calls a tool. Arguments are typed by the tool's inputSchema and checked against it before they are sent.",
    takesArguments: true,
    savesMedia: true,
    examples: [
      'mcp-inspect call echo --arg message=hello',
      'mcp-inspect call get_weather --args \'{"city":"Paris"}\' --json',
      'mcp-inspect call book_table --elicit \'{"name":"Ada","seats":2}\' --sampling-reply "Welcome!"',
      'mcp-inspect call render_image --save-media ./out -- node build/index.js',
    ],
  },
  sessionOptions(program: Command) {
    program
      .option('--no-validate', "send the arguments without checking them against the tool's inputSchema")
      .option('--task', 'run a tool that supports tasks as a task, and follow it to its result');
  },
  request: ({ options, subject, fail }: OwnInput<RawCallOptions>): CallRequest => ({
    ...(subject === undefined ? {} : { subject }),
    args: argumentsOf(options, fail),
    validate: options.validate !== false,
    asTask: options.task === true,
  }),
  async session(request) {
    const { callVerb } = await import('./runCall.js');
    return { run: (context) => callVerb({ ...context, request }) };
  },
});
