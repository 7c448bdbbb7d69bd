import { hasDefaults } from '../../components/schemaForm/sendValue';
import type { JsonSchema } from '../../components/schemaForm/normalizeSchema';

interface ArgumentsPreviewProps {
  value: Record<string, unknown>;
  schema: JsonSchema;
  sendDefaults: boolean;
  onSendDefaults: (on: boolean) => void;
}

/**
 * Exactly what Run puts in `arguments`, before it is sent, and the switch that decides whether
 * the schema's defaults go with it: a person knows what is on the wire, and a server's own
 * defaulting can be exercised.
 */
export function ArgumentsPreview({ value, schema, sendDefaults, onSendDefaults }: ArgumentsPreviewProps) {
  const defaults = hasDefaults(schema);
  return (
    <section className="arguments-preview" aria-label="Arguments to send">
      <div className="arguments-preview-bar">
        <span className="arguments-preview-title">Will send</span>
        <label className="switch" title={defaults ? undefined : 'This schema declares no defaults'}>
          <input
            type="checkbox"
            role="switch"
            checked={sendDefaults}
            onChange={(event) => onSendDefaults(event.target.checked)}
          />
          Send defaults
        </label>
        <span className="muted">
          {!defaults
            ? 'the schema declares no defaults'
            : sendDefaults
              ? 'unset fields go out with the schema’s defaults'
              : 'unset fields are left out: the server applies its defaults'}
        </span>
      </div>
      <pre className="arguments-preview-json">{JSON.stringify(value)}</pre>
    </section>
  );
}
