import { constLabel } from './fieldKinds';
import type { JsonSchema } from './normalizeSchema';
import { fitsSchema, jsonTypeOf } from './valueFit';

const SIMPLE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * A value the field's control cannot show (a string in a number box, a choice that is not
 * among the choices), typically carried over from the JSON editor: said in words, never an
 * empty-looking box that still sends something.
 */
export function TypeMismatchNote({
  schema,
  value,
  onClear,
}: {
  schema: JsonSchema;
  value: unknown;
  onClear: () => void;
}) {
  const reason = mismatch(schema, value);
  if (!reason) return null;
  return (
    <p className="sf-mismatch" role="note">
      Holds <code>{JSON.stringify(value)}</code>, {reason}: it is sent as it is unless you change it.{' '}
      <button type="button" onClick={onClear}>
        Clear
      </button>
    </p>
  );
}

export function mismatch(schema: JsonSchema, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const { type } = schema;
  // A fraction in an integer box still shows; validation says what is wrong with it.
  const shownAs = type === 'integer' ? 'number' : type;
  if (typeof shownAs === 'string' && SIMPLE_TYPES.has(shownAs) && !fitsSchema(value, { type: shownAs })) {
    return `${article(jsonTypeOf(value))}, where this field takes ${article(shownAs)}`;
  }
  if (Array.isArray(schema.enum) && typeof type === 'string' && !fitsSchema(value, { enum: schema.enum })) {
    return `which is not one of the choices (${schema.enum.map(constLabel).join(', ')})`;
  }
  return undefined;
}

function article(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
