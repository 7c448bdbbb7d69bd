import { useMemo } from 'react';
import { descriptionId, type FieldProps } from '@rjsf/utils';
import { DefaultNote, FieldDescription, FieldName } from './fieldParts';
import { buildUiSchema, nonNullVariant } from './normalizeSchema';

/**
 * A field whose schema allows null (`type: [X, "null"]` or `anyOf: [X, {type: "null"}]`): an
 * explicit toggle sends null; otherwise the value is edited as X, and left unset it is omitted.
 */
export function NullableField(props: FieldProps) {
  const { schema, formData, onChange, registry, fieldPathId, disabled, readonly, name } = props;
  const inner = useMemo(() => {
    // Title, description and default belong to the field, drawn once here.
    const {
      title: _title,
      description: _description,
      default: _default,
      ...rest
    } = nonNullVariant(schema as Record<string, unknown>) ?? schema;
    return rest;
  }, [schema]);
  const SchemaField = registry.fields.SchemaField;
  const isNull = formData === null;
  const label = typeof schema.title === 'string' ? schema.title : name;
  // The label and description are drawn here, once; the inner field draws only its control.
  const innerUi = useMemo(() => ({ ...buildUiSchema(inner), 'ui:label': false, 'ui:title': '' }), [inner]);
  return (
    <div className="sf-nullable">
      <div className="sf-label-row">
        {/* rjsf leaves the label of a custom field to the field itself. */}
        <label className="sf-label" htmlFor={fieldPathId.$id}>
          <FieldName label={label} required={props.required} />
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
        <DefaultNote value={schema.default} />
      </div>
      <FieldDescription id={descriptionId(fieldPathId)} text={schema.description} />
      {!isNull && SchemaField && <SchemaField {...props} schema={inner} uiSchema={innerUi} />}
    </div>
  );
}
