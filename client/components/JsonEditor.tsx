import { lazy, Suspense } from 'react';

export interface JsonEditorProblem {
  line: number;
  column: number;
  message: string;
}

export interface JsonEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** A JSON Schema the text is validated and completed against. */
  schema?: unknown;
  /** Names the editor's model; unique per place it is used, e.g. `args/<server>/<tool>`. */
  path: string;
  height: number | string;
  /** Accessible name of the editor. */
  label: string;
  /** Syntax and schema problems, whenever they change. */
  onProblems?: (problems: JsonEditorProblem[]) => void;
}

// Monaco is ~1 MB gzipped: fetched the first time an editor is shown, never in the first load.
const MonacoJsonEditor = lazy(() => import('./monaco/MonacoJsonEditor'));

/** A JSON editor (Monaco), loaded lazily, with an optional schema for validation and completion. */
export function JsonEditor(props: JsonEditorProps) {
  return (
    <div className="json-editor" style={{ height: props.height }}>
      <Suspense fallback={<p className="muted">Loading editor…</p>}>
        <MonacoJsonEditor {...props} />
      </Suspense>
    </div>
  );
}
