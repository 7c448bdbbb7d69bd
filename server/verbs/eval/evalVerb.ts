import { DEFAULT_COLLECTION_FILE } from '../../../shared/collections/format.js';
import {
  addCollectionRunOptions,
  collectionFileOf,
  collectionRunRequest,
  itemsSession,
  openReportFiles,
  type CollectionRunRequest,
  type RawCollectionRunOptions,
} from '../collections/collectionRun.js';
import { defineVerb, type OwnInput } from '../verb.js';

export const evalVerb = defineVerb({
  name: 'eval',
  shape: {
    subject: {
      name: '[file]',
      description: `the collection file with the evals (default ${DEFAULT_COLLECTION_FILE})`,
      optional: true,
    },
    description:
      "Gives each eval's prompt to a model with the server's tools, K times: the calls it makes go through the same path as `call`, its expectations are checked per run, and an eval passes when its pass rate reaches its threshold. A summary says how often the model chose each tool. Exit 8 below a threshold. The key: OPENAI_API_KEY or ANTHROPIC_API_KEY, never a flag.",
    examples: [
      'OPENAI_API_KEY=… mcp-inspect eval --model gpt-4.1-mini --runs 5',
      'OPENAI_BASE_URL=http://127.0.0.1:11434/v1 mcp-inspect eval evals.collection.json --model llama3.2 --reporter junit=evals.xml',
      'ANTHROPIC_API_KEY=… mcp-inspect eval --provider anthropic --model claude-sonnet-4-5 -- node build/index.js',
    ],
  },
  options: addCollectionRunOptions,
  collectionFile: collectionFileOf,
  request(input: OwnInput<RawCollectionRunOptions>): CollectionRunRequest {
    const own = collectionRunRequest(input, true);
    if (own.reporters.some((r) => r.kind === 'tap')) input.fail('eval reports as junit=FILE or json=FILE');
    return own;
  },
  openFiles: openReportFiles,
  async session(request) {
    const { evalVerb } = await import('./runEval.js');
    return itemsSession(request, evalVerb);
  },
});
