import { useId } from 'react';
import { useCompletions } from '../hooks/useCompletions';

interface CompletingInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  description?: string;
  completion: Omit<Parameters<typeof useCompletions>[0], 'value'>;
}

/** A text input that offers the server's completion/complete suggestions as you type. */
export function CompletingInput({
  label,
  value,
  onChange,
  required,
  description,
  completion,
}: CompletingInputProps) {
  const id = useId();
  const suggestions = useCompletions({ ...completion, value });
  return (
    <div className="completing-input form-fields">
      <label htmlFor={`${id}-input`}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={`${id}-input`}
        value={value}
        required={required}
        list={`${id}-list`}
        spellCheck={false}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={`${id}-list`}>
        {suggestions.values.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      {description && (
        <small id={`${id}-description`} className="muted">
          {description}
        </small>
      )}
      {suggestions.values.length > 0 && (
        <small className="muted" aria-label={`Suggestions for ${label}`}>
          suggestions: {suggestions.values.slice(0, 8).join(', ')}
          {suggestions.hasMore ? ', …' : ''}
        </small>
      )}
    </div>
  );
}
