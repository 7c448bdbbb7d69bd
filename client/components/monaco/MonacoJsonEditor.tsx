import { useEffect } from 'react';
import { Editor } from '@monaco-editor/react';
import { setSchemaForModel } from './setupMonaco';
import type { JsonEditorProps } from '../JsonEditor';

/** The Monaco part of JsonEditor; only ever loaded through its lazy import. */
export default function MonacoJsonEditor({
  value,
  onChange,
  readOnly = false,
  schema,
  path,
  height,
  label,
  onProblems,
}: JsonEditorProps) {
  const modelPath = `/${path.replace(/^\/+/, '')}.json`;
  useEffect(() => {
    setSchemaForModel(modelPath, schema);
    return () => setSchemaForModel(modelPath, undefined);
  }, [modelPath, schema]);

  return (
    <Editor
      height={height}
      language="json"
      theme="vs-dark"
      path={modelPath}
      value={value}
      onChange={(next) => onChange?.(next ?? '')}
      onValidate={(markers) =>
        onProblems?.(
          markers.map((marker) => ({
            line: marker.startLineNumber,
            column: marker.startColumn,
            message: marker.message,
          })),
        )
      }
      options={{
        readOnly,
        domReadOnly: readOnly,
        minimap: { enabled: false },
        fontSize: 12.5,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        tabSize: 2,
        wordWrap: 'on',
        ariaLabel: label,
        renderLineHighlight: readOnly ? 'none' : 'line',
        fixedOverflowWidgets: true,
      }}
      loading={<p className="muted">Loading editor…</p>}
    />
  );
}
