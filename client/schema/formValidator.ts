import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { compileSchema, type CompiledSchema, type SchemaError } from '../../shared/schema/engine';

type FormData = Record<string, unknown>;

/**
 * rjsf's validator over the product's one JSON Schema engine (shared/schema/engine.ts), which
 * interprets schemas instead of generating code: the forms need no 'unsafe-eval'. The engine's
 * errors already have ajv's shape and words, which is what rjsf's own validator hands the form.
 */
class EngineFormValidator implements ValidatorType<FormData, RJSFSchema> {
  // A schema object is checked many times as a person types: read once, by object (and by the
  // root its `$ref`s point into, for isValid's subschemas).
  private readonly compiled = new WeakMap<object, CompiledSchema>();
  private readonly compiledUnder = new WeakMap<object, WeakMap<object, CompiledSchema>>();

  validateFormData(
    formData: FormData | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<FormData, RJSFSchema>,
    transformErrors?: ErrorTransformer<FormData, RJSFSchema>,
    uiSchema?: UiSchema<FormData, RJSFSchema>,
  ): ValidationData<FormData> {
    const { errors: raw = [], validationError } = this.rawValidation<SchemaError>(schema, formData);
    let errors: RJSFValidationError[] = raw.map(toRjsfError);
    if (validationError) errors = [...errors, { stack: validationError.message }];
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    let errorSchema = toErrorSchema<FormData>(errors);
    if (validationError)
      errorSchema = {
        ...errorSchema,
        $schema: { __errors: [validationError.message] },
      } as typeof errorSchema;
    if (!customValidate) return { errors, errorSchema };
    // The form's value with its defaults filled in, as rjsf's own validator hands it over.
    const withDefaults = getDefaultFormState<FormData, RJSFSchema>(
      this,
      schema,
      formData,
      schema,
      true,
    ) as FormData;
    const handler = customValidate(
      withDefaults,
      createErrorHandler<FormData>(withDefaults),
      uiSchema,
      errorSchema,
    );
    return validationDataMerge<FormData>({ errors, errorSchema }, unwrapErrorHandler<FormData>(handler));
  }

  isValid(schema: RJSFSchema, formData: FormData | undefined, rootSchema: RJSFSchema): boolean {
    try {
      return this.compile(schema, rootSchema)(formData ?? null).length === 0;
    } catch {
      return false;
    }
  }

  rawValidation<Result = SchemaError>(
    schema: RJSFSchema,
    formData?: FormData,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      const errors = this.compile(schema)(formData ?? null);
      return errors.length > 0 ? { errors: errors as Result[] } : {};
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  private compile(schema: RJSFSchema, root?: RJSFSchema): CompiledSchema {
    if (typeof schema !== 'object' || schema === null) return compileSchema(schema);
    if (root === undefined || root === schema) {
      let found = this.compiled.get(schema);
      if (!found) this.compiled.set(schema, (found = compileSchema(schema)));
      return found;
    }
    let byRoot = this.compiledUnder.get(schema);
    if (!byRoot) this.compiledUnder.set(schema, (byRoot = new WeakMap()));
    let found = byRoot.get(root);
    if (!found) byRoot.set(root, (found = compileSchema(schema, { root })));
    return found;
  }
}

/** An engine error as rjsf places it: `.points.0.x` for the field, its message under it. */
function toRjsfError(error: SchemaError): RJSFValidationError {
  let property = error.instancePath.replace(/\//g, '.');
  const missing = error.params.missingProperty;
  const stack = typeof missing === 'string' ? error.message : `${property} ${error.message}`.trim();
  if (typeof missing === 'string') property = property ? `${property}.${missing}` : missing;
  return {
    name: error.keyword,
    property,
    message: error.message,
    params: error.params,
    stack,
    schemaPath: error.schemaPath,
  };
}

export const formValidator: ValidatorType<FormData, RJSFSchema> = new EngineFormValidator();
