import { useEffect, useMemo } from 'react';
import { descriptionId, optionsList, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { ArrayLimits } from './ArrayLimits';
import { DefaultNote, FieldDescription, FieldName } from './fieldParts';
import { isPlainObject, type JsonSchema } from './normalizeSchema';
import { sameJson } from './valueFit';

/**
 * An array of choices (`items` an enum, or `anyOf`/`oneOf` of titled consts, as MCP elicitation
 * spells a multi-select): one checkbox per choice, labelled from the titles or `enumNames`, with
 * the `minItems`/`maxItems` limits shown. Unchecking the last choice leaves an optional field
 * unset and a required one empty.
 */
export function MultiSelectField(props: FieldProps) {
  const { schema, formData, onChange, fieldPathId, disabled, readonly, name, required } = props;
  const choices = useMemo(() => {
    const items = (isPlainObject(schema.items) ? schema.items : {}) as JsonSchema;
    const enumNames = Array.isArray(items.enumNames)
      ? { 'ui:enumNames': items.enumNames.map(String) }
      : undefined;
    return optionsList(items as RJSFSchema, enumNames) ?? [];
  }, [schema.items]);
  // rjsf fills a required array up to minItems with empty items; in a multi-select they mean nothing.
  const selected = useMemo<unknown[]>(
    () => (Array.isArray(formData) ? formData.filter((entry) => entry !== undefined) : []),
    [formData],
  );
  const holes = Array.isArray(formData) && selected.length !== formData.length;
  useEffect(() => {
    if (holes) onChange(selected, fieldPathId.path);
  }, [holes, selected, onChange, fieldPathId.path]);
  const label = typeof schema.title === 'string' ? schema.title : name;
  const locked = disabled || readonly;
  const { $id, path } = fieldPathId;

  const toggle = (value: unknown, on: boolean): void => {
    // In the order the choices are listed, whatever order they were ticked in.
    const next = choices
      .map((choice) => choice.value as unknown)
      .filter((entry) => (sameJson(entry, value) ? on : selected.some((chosen) => sameJson(chosen, entry))));
    // Values outside the choices (from the JSON editor) are kept, not silently dropped.
    const foreign = selected.filter((chosen) => !choices.some((choice) => sameJson(choice.value, chosen)));
    const values = [...next, ...foreign];
    onChange(values.length === 0 && !required ? undefined : values, path);
  };

  return (
    <fieldset className="sf-group sf-multiselect" id={$id} aria-describedby={descriptionId(fieldPathId)}>
      <legend>
        <FieldName label={label} required={required} /> <DefaultNote value={schema.default} />
      </legend>
      <FieldDescription id={descriptionId(fieldPathId)} text={schema.description} />
      <ArrayLimits
        schema={schema as JsonSchema}
        count={Array.isArray(formData) ? selected.length : undefined}
        noun="choices"
      />
      <div className="sf-choices">
        {choices.map((choice, index) => (
          <label key={index} className="sf-choice">
            <input
              type="checkbox"
              id={`${$id}-${index}`}
              checked={selected.some((chosen) => sameJson(chosen, choice.value))}
              disabled={locked}
              onChange={(event) => toggle(choice.value, event.target.checked)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
