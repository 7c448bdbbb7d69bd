import type { JsonSchema } from './normalizeSchema';

/** What `minItems`/`maxItems` ask, with how many there are now, shown before anyone breaks them. */
interface ArrayLimitsProps {
  schema: JsonSchema;
  /** How many there are; undefined while the field is unset (nothing to break yet). */
  count: number | undefined;
  noun?: string;
}

export function ArrayLimits({ schema, count, noun = 'items' }: ArrayLimitsProps) {
  const text = limitsText(schema, noun);
  if (!text) return null;
  if (count === undefined) return <p className="sf-limits">{text}</p>;
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const outside = count < min || count > max;
  return (
    <p className={`sf-limits${outside ? ' outside' : ''}`}>
      {text} · {count} now
    </p>
  );
}

/** "Pick 1 to 3 items", "At least 2 items", "At most 1 item"; undefined without limits. */
export function limitsText(schema: JsonSchema, noun = 'items'): string | undefined {
  const min = typeof schema.minItems === 'number' && schema.minItems > 0 ? schema.minItems : undefined;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const unit = (n: number): string => (n === 1 ? noun.replace(/s$/, '') : noun);
  if (min !== undefined && max !== undefined) {
    return min === max ? `Exactly ${min} ${unit(min)}` : `${min} to ${max} ${unit(max)}`;
  }
  if (min !== undefined) return `At least ${min} ${unit(min)}`;
  if (max !== undefined) return `At most ${max} ${unit(max)}`;
  return undefined;
}
