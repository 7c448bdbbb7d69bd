import { callVerb } from './call/callVerb.js';
import { diffVerb } from './diff/diffVerb.js';
import { evalVerb } from './eval/evalVerb.js';
import { infoVerb } from './info/infoVerb.js';
import { lintVerb } from './lint/lintVerb.js';
import { promptsVerb, resourcesVerb, templatesVerb, toolsVerb } from './lists/listVerbs.js';
import { loadVerb } from './load/loadVerb.js';
import { mockVerb } from './mock/mockVerb.js';
import { parityVerb } from './parity/parityVerb.js';
import { promptVerb } from './prompt/promptVerb.js';
import { readVerb } from './read/readVerb.js';
import { skillsVerb } from './skills/skillsVerb.js';
import { snapshotVerb } from './snapshot/snapshotVerb.js';
import { testVerb } from './test/testVerb.js';
import type { Verb } from './verb.js';
import type { VerbName } from './verbNames.js';

/**
 * Every headless verb, one line each: its folder's definition (name, help, own options, run).
 * The parser, `--help`, docs/verbs.md and executeVerb all read it; a name of verbNames.ts without
 * a line here, a line without its name there, or a line under another verb's name does not compile.
 */
export const VERB_TABLE: { [Name in VerbName]: Verb<Name> } = {
  info: infoVerb,
  tools: toolsVerb,
  call: callVerb,
  resources: resourcesVerb,
  templates: templatesVerb,
  read: readVerb,
  prompts: promptsVerb,
  prompt: promptVerb,
  snapshot: snapshotVerb,
  diff: diffVerb,
  mock: mockVerb,
  parity: parityVerb,
  lint: lintVerb,
  test: testVerb,
  load: loadVerb,
  skills: skillsVerb,
  eval: evalVerb,
};
