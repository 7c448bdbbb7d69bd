import { useEffect, useId, useMemo, useState } from 'react';
import { descriptionId, type FieldProps } from '@rjsf/utils';
import { DefaultNote, FieldDescription, FieldName } from './fieldParts';
import { constLabel, unionOf, type UnionBranch } from './fieldKinds';
import { buildUiSchema, isPlainObject, type JsonSchema } from './normalizeSchema';
import {
  carryValue,
  fitsSchema,
  fromText,
  jsonTypeOf,
  matchingBranch,
  sameJson,
  textOf,
  withBranchConsts,
} from './valueFit';

type Choice = number | 'auto';
const AUTO = 'auto';

/**
 * A value of one of several shapes (`anyOf`/`oneOf`, or `type: [...]`): a picker named by the
 * branches' titles, consts or types, then the chosen branch's own control. Switching keeps what
 * was typed wherever it still fits. Several types also offer "by what is typed": 2.75 goes out
 * as a number, true as a boolean, anything else as a string.
 */
export function UnionField(props: FieldProps) {
  const { schema, uiSchema, formData, onChange, registry, fieldPathId, disabled, readonly, name, required } =
    props;
  const union = useMemo(() => unionOf(schema as JsonSchema), [schema]);
  const branches = union?.branches ?? [];
  const types = union?.kind === 'types' ? branches.map((branch) => String(branch.schema.type)) : undefined;
  const [chosen, setChosen] = useState<Choice>(() => initialChoice(branches, types, formData));
  const pickerId = useId();
  const labelId = useId();
  // A value set from elsewhere (JSON, a reset) that fits another branch shows that branch.
  const choice = followValue(chosen, branches, formData);
  const branch = choice === AUTO ? undefined : branches[choice];
  const label = typeof schema.title === 'string' ? schema.title : name;
  const { $id, path } = fieldPathId;
  const locked = Boolean(disabled || readonly);
  const primitive = choice === AUTO || (branch !== undefined && isPrimitiveBranch(branch.schema));

  // An object typed into a branch carries the branch's consts (its discriminator): choosing the
  // branch set them, even when the first thing typed was another property.
  useEffect(() => {
    if (!branch || !isPlainObject(formData)) return;
    const named = withBranchConsts(formData, branch.schema);
    if (!sameJson(named, formData)) onChange(named, path);
  }, [branch, formData, onChange, path]);

  const pick = (next: Choice): void => {
    setChosen(next);
    const target = next === AUTO ? undefined : branches[next];
    const carried =
      next === AUTO
        ? fromText(textOf(formData), types ?? [])
        : target
          ? carryValue(formData, target.schema)
          : undefined;
    if (!sameJson(carried, formData)) onChange(carried, path);
  };

  return (
    <div className="sf-union-field" role="group" aria-labelledby={labelId}>
      <div className="sf-label-row">
        <label id={labelId} className="sf-label" htmlFor={primitive ? $id : pickerId}>
          <FieldName label={label} required={required} />
        </label>
        <select
          id={pickerId}
          className="sf-type-picker"
          aria-label={`Type of ${label}`}
          value={String(choice)}
          disabled={locked}
          onChange={(event) => pick(event.target.value === AUTO ? AUTO : Number(event.target.value))}
        >
          {types && <option value={AUTO}>by what is typed</option>}
          {branches.map((entry, index) => (
            <option key={index} value={index}>
              {entry.label}
            </option>
          ))}
        </select>
        <DefaultNote value={schema.default} />
      </div>
      <FieldDescription id={descriptionId(fieldPathId)} text={schema.description} />
      {choice === AUTO ? (
        <AutoTypedInput
          id={$id}
          types={types ?? []}
          value={formData}
          disabled={locked}
          onChange={(value) => onChange(value, path)}
        />
      ) : branch && ('const' in branch.schema || branch.schema.type === 'null') ? (
        <p className="sf-const">
          Sends <code>{constLabel('const' in branch.schema ? branch.schema.const : null)}</code>
        </p>
      ) : (
        branch && <BranchField {...props} branch={branch} uiSchema={uiSchema} registry={registry} />
      )}
    </div>
  );
}

/** The chosen branch drawn by rjsf as a field of its own, labelled by the union above it. */
function BranchField(props: FieldProps & { branch: UnionBranch }) {
  const { branch, registry, errorSchema } = props;
  const SchemaField = registry.fields.SchemaField;
  const branchUi = useMemo(
    () => ({ ...buildUiSchema(branch.schema), 'ui:label': false, 'ui:title': '' }),
    [branch.schema],
  );
  if (!SchemaField) return null;
  // The union's own errors are shown once, under the union.
  const { __errors: _own, ...innerErrors } = errorSchema ?? {};
  return <SchemaField {...props} schema={branch.schema} uiSchema={branchUi} errorSchema={innerErrors} />;
}

interface AutoTypedInputProps {
  id: string;
  types: readonly string[];
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
}

/** One text box whose value takes the type its text reads as, said beside it. */
function AutoTypedInput({ id, types, value, disabled, onChange }: AutoTypedInputProps) {
  const [text, setText] = useState(() => textOf(value));
  // Changed from elsewhere (a reset, the JSON editor): show the new value.
  if (!sameJson(fromText(text, types), value) && textOf(value) !== text) setText(textOf(value));
  return (
    <div className="sf-auto-typed">
      <input
        type="text"
        id={id}
        value={text}
        disabled={disabled}
        aria-describedby={`${id}__description ${id}__sent-as`}
        onChange={(event) => {
          setText(event.target.value);
          onChange(fromText(event.target.value, types));
        }}
      />
      <span className="sf-sent-as" id={`${id}__sent-as`}>
        {value === undefined ? 'not set' : `sent as ${sentType(value)}`}
      </span>
    </div>
  );
}

function sentType(value: unknown): string {
  const type = jsonTypeOf(value);
  return type === 'integer' ? 'number' : type;
}

function isPrimitiveBranch(schema: JsonSchema): boolean {
  const { type } = schema;
  return typeof type === 'string' && type !== 'object' && type !== 'array' && !('const' in schema);
}

function initialChoice(branches: UnionBranch[], types: string[] | undefined, value: unknown): Choice {
  if (types) {
    // A text that would read as another type was meant as a string: keep it one.
    if (typeof value === 'string' && fromText(value, types) !== value) {
      const string = branches.findIndex((branch) => branch.schema.type === 'string');
      if (string >= 0) return string;
    }
    const fits = value === undefined || fitsSchema(fromText(textOf(value), types), { type: types });
    return fits ? AUTO : Math.max(0, matchingBranch(value, branches));
  }
  const match = matchingBranch(value, branches);
  if (match >= 0) return match;
  // Unset: the first branch a person types into, not a const that would set a value.
  const typed = branches.findIndex((branch) => !('const' in branch.schema) && branch.schema.type !== 'null');
  return Math.max(0, typed);
}

function followValue(choice: Choice, branches: UnionBranch[], value: unknown): Choice {
  if (choice === AUTO || value === undefined) return choice;
  const current = branches[choice];
  if (current && fitsSchema(value, current.schema)) return choice;
  const match = matchingBranch(value, branches);
  return match >= 0 ? match : choice;
}
