import type { Rule } from '../findings.js';
import { DESIGN_RULES } from './design.js';
import { HOST_RULES } from './host.js';
import { PORTABILITY_RULES } from './portability.js';
import { PROBE_RULES } from './probe.js';
import { SPEC_RULES } from './spec.js';

/** Every rule, family by family, in the order `lint --rules` lists them. */
export const RULES: readonly Rule[] = [
  ...SPEC_RULES,
  ...PORTABILITY_RULES,
  ...DESIGN_RULES,
  ...PROBE_RULES,
  ...HOST_RULES,
];
