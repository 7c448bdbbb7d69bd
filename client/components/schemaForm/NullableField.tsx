import type { FieldProps } from '@rjsf/utils';
import { nonNullVariant } from './normalizeSchema';

/**
 * A field whose schema allows null (`type: [X, "null"]` or `anyOf: [X, {type: "null"}]`): an
 * explicit toggle sends null; otherwise the value is edited as X, and left unset it is omitted.
 */
export function NullableField(props: FieldProps) {
  const { schema, uiSchema, formData, onChange, registry, fieldPathId, disabled, readonly, name } = props;
  const inner = nonNullVariant(schema as Record<string, unknown>) ?? schema;
  const SchemaField = registry.fields.SchemaField;
  const isNull = formData === null;
  const label = typeof schema.title === 'string' ? schema.title : name;
  // The outer FieldTemplate already labels the field; the inner one must not repeat it.
  const innerUi = {
    ...uiSchema,
    'ui:field': undefined,
    'ui:fieldReplacesAnyOrOneOf': undefined,
    'ui:label': false,
  };
  return (
    <div className="sf-nullable">
      {/* rjsf leaves the label of a custom field to the field itself. */}
      <label className="sf-label" htmlFor={fieldPathId.$id}>
        {label}
        {props.required && (
          <span className="sf-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <label className="sf-null-toggle">
        <input
          type="checkbox"
          aria-label={`${label} is null`}
          checked={isNull}
          disabled={disabled || readonly}
          onChange={(event) => onChange(event.target.checked ? null : undefined, fieldPathId.path)}
        />
        null
      </label>
      {!isNull && SchemaField && <SchemaField {...props} schema={inner} uiSchema={innerUi} />}
    </div>
  );
}
