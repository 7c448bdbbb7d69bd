import type { RefObject } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import { JsonEditor } from '../../components/JsonEditor';
import { SchemaForm, type SchemaFormHandle } from '../../components/schemaForm/SchemaForm';
import { ArgumentsPreview } from './ArgumentsPreview';
import type { ToolArguments } from './useToolArguments';

interface ArgumentsEditorProps {
  tool: Tool;
  serverName: string;
  args: ToolArguments;
  formRef: RefObject<SchemaFormHandle | null>;
}

/** The form's controls are `args_<field>…`: the Run area's problem list links to them. */
export const ARGUMENTS_ID_PREFIX = 'args';

/** The arguments as a form built from the input schema, or as raw JSON in Monaco. */
export function ArgumentsEditor({ tool, serverName, args, formRef }: ArgumentsEditorProps) {
  return (
    <div className="arguments-editor">
      <div className="arguments-toolbar">
        <span className="arguments-heading">Arguments</span>
        <div className="mode-switch" role="group" aria-label="Arguments editor">
          <button
            type="button"
            aria-pressed={args.mode === 'form'}
            disabled={args.formProblem !== undefined}
            onClick={() => args.setMode('form')}
          >
            Form
          </button>
          <button type="button" aria-pressed={args.mode === 'json'} onClick={() => args.setMode('json')}>
            JSON
          </button>
        </div>
        <span className="spacer" />
        <button type="button" onClick={args.reset} title="Clear every field: the server's defaults apply">
          Reset
        </button>
      </div>
      {args.formProblem && (
        <p className="notice" role="note">
          No form for this tool: {args.formProblem} Edit the arguments as JSON.
        </p>
      )}
      {args.mode === 'form' && args.form ? (
        <>
          <SchemaForm
            ref={formRef}
            form={args.form}
            value={args.value}
            onChange={args.setValue}
            label="Arguments form"
            onUnrenderable={args.onUnrenderable}
            defaults="show"
            idPrefix={ARGUMENTS_ID_PREFIX}
          />
          {args.toSend && (
            <ArgumentsPreview
              value={args.toSend}
              schema={args.form.schema}
              sendDefaults={args.sendDefaults}
              onSendDefaults={args.setSendDefaults}
            />
          )}
        </>
      ) : (
        <>
          <JsonEditor
            value={args.jsonText}
            onChange={args.setJsonText}
            schema={args.form?.schema ?? tool.inputSchema}
            path={`args/${encodeURIComponent(serverName)}/${encodeURIComponent(tool.name)}`}
            height={220}
            label="Arguments (JSON)"
          />
          {args.jsonError && (
            <p className="field-error" role="alert">
              {args.jsonError.error}
            </p>
          )}
        </>
      )}
      {args.switchError && (
        <p className="field-error" role="alert">
          {args.switchError}
        </p>
      )}
    </div>
  );
}
