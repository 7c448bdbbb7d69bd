import { useLayoutEffect, useRef } from 'react';
import { ariaDescribedByIds, descriptionId, type RegistryWidgetsType, type WidgetProps } from '@rjsf/utils';
import { DefaultNote, FieldDescription, FieldName } from './fieldParts';

/**
 * A boolean with three states: unset (shown indeterminate, not sent, so the server's default
 * applies), true and false; its description beside it like any other field's.
 */
function CheckboxWidget(props: WidgetProps) {
  const {
    id,
    value,
    required,
    disabled,
    readonly,
    label,
    hideLabel,
    onChange,
    onBlur,
    onFocus,
    schema,
    options,
  } = props;
  const ref = useRef<HTMLInputElement>(null);
  const unset = value === undefined;
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = unset;
  }, [unset]);
  const description = options.description ?? schema.description;
  const locked = disabled || readonly;
  return (
    <div className="sf-checkbox">
      <div className="sf-checkbox-row">
        <label>
          <input
            ref={ref}
            type="checkbox"
            id={id}
            checked={value === true}
            disabled={locked}
            aria-describedby={ariaDescribedByIds(id)}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={(event) => onBlur(id, event.target.checked)}
            onFocus={(event) => onFocus(id, event.target.checked)}
          />
          {!hideLabel && <FieldName label={label} required={required} />}
        </label>
        {!hideLabel && <DefaultNote value={schema.default} />}
        {unset ? (
          <span className="sf-unset">not set</span>
        ) : (
          <button
            type="button"
            className="sf-clear"
            aria-label={`Unset ${label}`}
            title="Leave it out of the arguments"
            disabled={locked}
            onClick={() => onChange(undefined)}
          >
            unset
          </button>
        )}
      </div>
      {!hideLabel && <FieldDescription id={descriptionId(id)} text={description} />}
    </div>
  );
}

export const widgets: RegistryWidgetsType = { CheckboxWidget };
