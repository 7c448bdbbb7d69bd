import {
  ADDITIONAL_PROPERTY_FLAG,
  canExpand,
  descriptionId,
  errorId,
  getUiOptions,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type FieldErrorProps,
  type FieldTemplateProps,
  type MultiSchemaFieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';
import { AddButton, NoButton } from './buttons';
import { ArrayLimits } from './ArrayLimits';
import { DefaultNote, FieldDescription, FieldName } from './fieldParts';
import { TypeMismatchNote } from './TypeMismatchNote';

/** A labelled field: label, default, description, the control, its inline errors. */
function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    errors,
    help,
    rawDescription,
    hidden,
    required,
    displayLabel,
    schema,
    classNames,
    formData,
    onChange,
    fieldPathId,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  return (
    <WrapIfAdditionalTemplate {...props}>
      <div className={`sf-field ${classNames ?? ''}`}>
        {displayLabel && (
          <div className="sf-label-row">
            <label className="sf-label" htmlFor={id}>
              <FieldName label={label} required={required} />
            </label>
            <DefaultNote value={schema.default} />
          </div>
        )}
        {displayLabel && <FieldDescription id={`${id}__description`} text={rawDescription} />}
        {children}
        <TypeMismatchNote
          schema={schema}
          value={formData}
          onClear={() => onChange(undefined, fieldPathId.path)}
        />
        {errors}
        {help}
      </div>
    </WrapIfAdditionalTemplate>
  );
}

/** Nested objects are groups named by their legend, so any depth stays navigable. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const {
    title,
    description,
    properties,
    schema,
    uiSchema,
    formData,
    fieldPathId,
    onAddProperty,
    disabled,
    required,
  } = props;
  const isRoot = fieldPathId.path.length === 0;
  // A pure union draws its branch picker itself; an empty wrapper would only add a border.
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const content = (
    <>
      {!isRoot && <FieldDescription id={descriptionId(fieldPathId)} text={description} />}
      {properties.map((property) => property.content)}
      {canExpand(schema, uiSchema, formData) && (
        <AddButton label={`Add entry to ${title || 'object'}`} onClick={onAddProperty} disabled={disabled}>
          Add entry
        </AddButton>
      )}
    </>
  );
  if (isRoot) return <div className="sf-root">{content}</div>;
  return (
    <fieldset className="sf-group" id={fieldPathId.$id}>
      {title && (
        <legend>
          <FieldName label={title} required={required} /> <DefaultNote value={schema.default} />
        </legend>
      )}
      {content}
    </fieldset>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { title, schema, items, canAdd, onAddClick, fieldPathId, disabled, readonly, uiSchema, required } =
    props;
  const options = getUiOptions(uiSchema);
  // Inside a nullable field or a union, the outer field already names and describes it.
  const labelled = options.label !== false;
  const description = labelled ? (options.description ?? schema.description) : undefined;
  return (
    <fieldset className="sf-group sf-array" id={fieldPathId.$id}>
      {labelled && title && (
        <legend>
          <FieldName label={title} required={required} /> <DefaultNote value={schema.default} />
        </legend>
      )}
      <FieldDescription text={description} />
      <ArrayLimits schema={schema} count={items.length} />
      {items.length === 0 && <p className="sf-empty">No items</p>}
      <div className="sf-array-items">{items}</div>
      {canAdd && (
        <AddButton
          label={`Add item to ${title || 'list'}`}
          onClick={onAddClick}
          disabled={disabled || readonly}
        >
          Add item
        </AddButton>
      )}
    </fieldset>
  );
}

/** One array item with its own move and remove buttons, named by position for screen readers. */
function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, hasToolbar } = props;
  const {
    hasMoveUp,
    hasMoveDown,
    hasRemove,
    onMoveUpItem,
    onMoveDownItem,
    onRemoveItem,
    disabled,
    readonly,
  } = buttonsProps;
  const position = index + 1;
  const locked = disabled || readonly;
  return (
    <div className="sf-array-item" role="group" aria-label={`Item ${position}`}>
      <div className="sf-array-item-body">{children}</div>
      {hasToolbar && (
        <div className="sf-array-item-tools">
          {(hasMoveUp || hasMoveDown) && (
            <>
              <button
                type="button"
                aria-label={`Move item ${position} up`}
                title="Move up"
                disabled={locked || !hasMoveUp}
                onClick={onMoveUpItem}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move item ${position} down`}
                title="Move down"
                disabled={locked || !hasMoveDown}
                onClick={onMoveDownItem}
              >
                ↓
              </button>
            </>
          )}
          {hasRemove && (
            <button
              type="button"
              className="sf-remove"
              aria-label={`Remove item ${position}`}
              title="Remove"
              disabled={locked}
              onClick={onRemoveItem}
            >
              ✕
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** An `additionalProperties` entry: its key, editable, beside its value. */
function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, label, onKeyRenameBlur, onRemoveProperty, schema, children, disabled, readonly } = props;
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return <>{children}</>;
  return (
    <div className="sf-entry" role="group" aria-label={`Entry ${label}`}>
      <input
        className="sf-entry-key"
        type="text"
        aria-label={`Key of entry ${label}`}
        defaultValue={label}
        key={label}
        onBlur={onKeyRenameBlur}
        disabled={disabled || readonly}
        id={`${id}-key`}
      />
      <div className="sf-entry-value">{children}</div>
      <button
        type="button"
        className="sf-remove"
        aria-label={`Remove entry ${label}`}
        title="Remove"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
      >
        ✕
      </button>
    </div>
  );
}

/** Errors appear under their field as soon as the value breaks the schema. */
function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <ul className="sf-errors" id={errorId(fieldPathId)}>
      {shown.map((error, index) => (
        <li key={index}>{error}</li>
      ))}
    </ul>
  );
}

/** oneOf/anyOf over shapes: the branch picker above the chosen branch's fields. */
function MultiSchemaFieldTemplate({ selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  return (
    <div className="sf-union">
      <div className="sf-union-picker">{selector}</div>
      {optionSchemaField}
    </div>
  );
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  WrapIfAdditionalTemplate,
  FieldErrorTemplate,
  MultiSchemaFieldTemplate,
  // Titles and descriptions are drawn by the templates above.
  TitleFieldTemplate: () => null,
  DescriptionFieldTemplate: () => null,
  ErrorListTemplate: () => null,
  ButtonTemplates: {
    SubmitButton: () => null,
    AddButton: NoButton,
    CopyButton: NoButton,
    MoveDownButton: NoButton,
    MoveUpButton: NoButton,
    RemoveButton: NoButton,
    ClearButton: NoButton,
  },
};
