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

export const testVerb = defineVerb({
  name: 'test',
  shape: {
    subject: {
      name: '[file]',
      description: `the collection file (default ${DEFAULT_COLLECTION_FILE})`,
      optional: true,
    },
    description:
      "Runs a collection: each item's call, its expectations checked one by one. Exit 8 when one fails. The server: the collection's target, unless one is given here.",
    examples: [
      'mcp-inspect test',
      'mcp-inspect test api.collection.json --reporter junit=report.xml',
      'mcp-inspect test --reporter tap -- node build/index.js',
    ],
  },
  options: addCollectionRunOptions,
  collectionFile: collectionFileOf,
  // It runs the collection's evals too when a model is named.
  request: (input: OwnInput<RawCollectionRunOptions>): CollectionRunRequest =>
    collectionRunRequest(input, input.options.model !== undefined || input.options.provider !== undefined),
  openFiles: openReportFiles,
  async session(request) {
    const { testVerb } = await import('./runTest.js');
    return itemsSession(request, testVerb);
  },
});
