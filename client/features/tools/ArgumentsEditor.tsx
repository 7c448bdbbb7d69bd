interface ArgumentsEditorProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * The arguments as JSON text. The place where the schema-driven form and the Monaco editor
 * plug in; for now a plain text box.
 */
export function ArgumentsEditor({ value, onChange, error }: ArgumentsEditorProps) {
  return (
    <div className="arguments-editor">
      <label htmlFor="tool-arguments">Arguments (JSON)</label>
      <textarea
        id="tool-arguments"
        spellCheck={false}
        value={value}
        rows={8}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={error ? 'tool-arguments-error' : undefined}
      />
      {error && (
        <p id="tool-arguments-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Parses the box; an empty box means no arguments. */
export function parseArguments(text: string): { value?: Record<string, unknown>; error?: string } {
  if (text.trim() === '') return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { error: 'Arguments must be a JSON object' };
    }
    return { value: value as Record<string, unknown> };
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` };
  }
}
