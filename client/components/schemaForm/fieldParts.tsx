import type { ReactNode } from 'react';
import { SafeMarkdown } from '../SafeMarkdown';
import { constLabel } from './fieldKinds';

/**
 * The pieces every field shows the same way, whichever template or custom field draws it:
 * its name with the required mark, the schema's default, its description as markdown.
 */

export function FieldName({ label, required }: { label: ReactNode; required?: boolean | undefined }) {
  return (
    <>
      {label}
      {required && (
        <span className="sf-required" aria-hidden="true" title="required">
          {' '}
          *
        </span>
      )}
    </>
  );
}

/** The schema's default, shown beside the name: the server applies it when the field is left unset. */
export function DefaultNote({ value }: { value: unknown }) {
  if (value === undefined) return null;
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : constLabel(value);
  return (
    <span
      className="sf-default"
      title="The schema's default: the server applies it when the field is not sent"
    >
      default {typeof value === 'string' ? `"${text}"` : text}
    </span>
  );
}

/** A field's description, markdown as servers write it; `id` makes it its control's description. */
export function FieldDescription({ id, text }: { id?: string | undefined; text: unknown }) {
  if (typeof text !== 'string' || text.trim() === '') return null;
  return <SafeMarkdown className="sf-description" text={text} {...(id ? { id } : {})} />;
}
