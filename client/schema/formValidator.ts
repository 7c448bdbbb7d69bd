import { RJSF_ADDITIONAL_PROPERTIES_FLAG } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import { ajv } from './jsonSchemaEngine';

/**
 * rjsf's validator over the page's one engine. rjsf builds an ajv instance of its own; the
 * extender hands it ours instead, after giving ours what rjsf adds to its instance (its two
 * formats and the keyword it marks added properties with).
 */
export const formValidator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false, validateSchema: false },
  extenderFn: (own: Ajv) => {
    for (const format of ['data-url', 'color']) {
      const definition = own.formats[format];
      if (definition !== undefined && ajv.formats[format] === undefined) ajv.addFormat(format, definition);
    }
    if (!ajv.getKeyword(RJSF_ADDITIONAL_PROPERTIES_FLAG)) ajv.addKeyword(RJSF_ADDITIONAL_PROPERTIES_FLAG);
    return ajv;
  },
});
