import { ProtocolError, type CallToolRequest, type Tool } from '@modelcontextprotocol/client';
import { confirmationSkipped, skipConfirmation, type SkipScope } from '../../session/confirmationMemory';
import { destructiveness, needsConfirmation } from '../../session/toolHints';
import { appMayCall } from '../../session/toolApp';

/** An app's call waiting for the person, as the view shows it. */
export interface ConfirmRequest {
  toolName: string;
  /** Why it asks: the tool declares destructiveHint, or says nothing and the default applies. */
  reason: 'declared' | 'default';
  args: unknown;
  /** `dontAskAgain`: for this tool or for the whole server, when the person asked. */
  answer: (run: boolean, dontAskAgain: SkipScope | undefined) => void;
}

interface AppToolCallsDeps {
  deps: { tools: () => Tool[] | undefined; serverName: string };
  /** Puts a confirmation in front of the person. */
  ask: (request: ConfirmRequest) => void;
  /** The person answered; the confirmation goes away. */
  settle: () => void;
}

/** JSON-RPC's code for a request the host will not carry out as asked. */
const INVALID_PARAMS = -32602;
/** The spec's implementation-defined code for a denial by the person. */
const DENIED = -32000;

/**
 * The rules an app's tools/call goes through: the tool must be one the server lists and whose
 * visibility includes "app" (the spec requires hosts to refuse the rest), and a tool that may be
 * destructive asks the person first, with the same "don't ask again" memory as their own calls.
 */
export function appToolCalls({ deps, ask, settle }: AppToolCallsDeps) {
  let queue = Promise.resolve();
  return {
    check(params: CallToolRequest['params']): Tool {
      const tool = deps.tools()?.find((candidate) => candidate.name === params.name);
      if (!tool) {
        throw new ProtocolError(
          INVALID_PARAMS,
          `Unknown tool ${JSON.stringify(params.name)}: it is not in the server's tools/list`,
        );
      }
      if (!appMayCall(tool)) {
        throw new ProtocolError(
          INVALID_PARAMS,
          `Tool ${JSON.stringify(tool.name)} is not visible to apps (its _meta.ui.visibility leaves out "app")`,
        );
      }
      return tool;
    },

    /** Resolves when the call may go; rejects when the person says no. One question at a time. */
    confirm(tool: Tool, params: CallToolRequest['params']): Promise<void> {
      if (!needsConfirmation(tool) || confirmationSkipped(deps.serverName, tool.name))
        return Promise.resolve();
      const turn = queue.then(
        () =>
          new Promise<void>((resolve, reject) => {
            ask({
              toolName: tool.name,
              reason: destructiveness(tool) ?? 'default',
              args: params.arguments ?? {},
              answer: (run, dontAskAgain) => {
                settle();
                if (run && dontAskAgain) skipConfirmation(deps.serverName, tool.name, dontAskAgain);
                if (run) resolve();
                else reject(new ProtocolError(DENIED, `The person declined to run ${tool.name} for the app`));
              },
            });
          }),
      );
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
