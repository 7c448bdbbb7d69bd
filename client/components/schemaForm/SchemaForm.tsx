import { Component, useImperativeHandle, useRef, type ErrorInfo, type ReactNode, type Ref } from 'react';
// The Form alone: the package's index also exports a test helper that imports a validator we do not ship.
import Form from '@rjsf/core/lib/components/Form.js';
import type { Experimental_DefaultFormStateBehavior, RegistryFieldsType } from '@rjsf/utils';
import { MULTI_SELECT_FIELD, UNION_FIELD } from './fieldKinds';
import { MultiSelectField } from './MultiSelectField';
import { NullableField } from './NullableField';
import { NULLABLE_FIELD, type NormalizedSchema } from './normalizeSchema';
import { DEFAULT_FORM_STATE_BEHAVIOR, validator } from './schemaValidator';
import { templates } from './templates';
import { UnionField } from './UnionField';
import { widgets } from './widgets';
import './schemaForm.css';

export interface SchemaFormHandle {
  /** Shows every error inline and says whether the value may be sent. */
  validate(): boolean;
}

export interface SchemaFormProps {
  /** From `prepareSchemaForm`. */
  form: NormalizedSchema;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** Accessible name of the whole form. */
  label: string;
  /** Called when rjsf throws while drawing the schema: the caller falls back to raw JSON. */
  onUnrenderable: (reason: string) => void;
  /**
   * 'prefill' puts the schema's defaults in the fields (an elicitation form, as MCP asks);
   * 'show' leaves them unset and shows them, so a tool call exercises the server's own defaults.
   */
  defaults?: 'prefill' | 'show';
  /** Prefix of the controls' ids, distinct per form on the page (field links point at them). */
  idPrefix?: string;
  ref?: Ref<SchemaFormHandle>;
}

const fields: RegistryFieldsType = {
  [NULLABLE_FIELD]: NullableField,
  [UNION_FIELD]: UnionField,
  [MULTI_SELECT_FIELD]: MultiSelectField,
};
const HIDE_SUBMIT = { 'ui:submitButtonOptions': { norender: true } };
/** Nothing is filled in from the schema's defaults; the fields show them instead. */
const SHOW_DEFAULTS_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  ...DEFAULT_FORM_STATE_BEHAVIOR,
  emptyObjectFields: 'skipDefaults',
};

/**
 * A form for any JSON Schema object, drawn by rjsf with our own templates. Generic: tool
 * arguments use it, and so can elicitation and prompt arguments.
 */
export function SchemaForm({
  form,
  value,
  onChange,
  label,
  onUnrenderable,
  defaults = 'prefill',
  idPrefix = 'root',
  ref,
}: SchemaFormProps) {
  const formRef = useRef<Form>(null);
  useImperativeHandle(ref, () => ({ validate: () => formRef.current?.validateForm() ?? true }), []);
  return (
    <FormErrorBoundary onError={onUnrenderable}>
      <div className="schema-form" role="group" aria-label={label}>
        <Form
          ref={formRef}
          tagName="div"
          schema={form.schema}
          uiSchema={{ ...form.uiSchema, ...HIDE_SUBMIT }}
          formData={value}
          onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
          validator={validator}
          templates={templates}
          fields={fields}
          widgets={widgets}
          idPrefix={idPrefix}
          liveValidate="onChange"
          showErrorList={false}
          noHtml5Validate
          experimental_defaultFormStateBehavior={
            defaults === 'show' ? SHOW_DEFAULTS_BEHAVIOR : DEFAULT_FORM_STATE_BEHAVIOR
          }
        />
      </div>
    </FormErrorBoundary>
  );
}

interface BoundaryProps {
  onError: (reason: string) => void;
  children: ReactNode;
}

/** A schema rjsf chokes on must not leave a blank panel. */
class FormErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    this.props.onError(`The form could not be drawn for this schema: ${error.message}`);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
