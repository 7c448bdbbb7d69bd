import { useMemo, useState } from 'react';
import { UriTemplate } from '@modelcontextprotocol/client';
import type { ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import { CompletingInput } from '../../components/CompletingInput';
import { ResourceRead } from './ResourceRead';

/** A resource template: its RFC 6570 variables as a form, with the server's completions. */
export function TemplateDetail({ mcp, template }: { mcp: McpConnection; template: ResourceTemplate }) {
  const parsed = useMemo(() => {
    try {
      return { template: new UriTemplate(template.uriTemplate) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [template.uriTemplate]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [readUri, setReadUri] = useState<string | undefined>();
  const names = parsed.template?.variableNames ?? [];
  const uri = parsed.template?.expand(values) ?? '';
  const complete = mcp.capabilities?.completions !== undefined && mcp.status === 'ready';

  return (
    <section className="resource-detail" aria-label={`Template ${template.name}`}>
      <header>
        <h2>{template.title ?? template.name}</h2>
        <code>{template.uriTemplate}</code>
      </header>
      {template.description && <p className="description">{template.description}</p>}
      {parsed.error && (
        <p className="field-error" role="alert">
          Not a valid URI template: {parsed.error}
        </p>
      )}
      <form
        className="argument-form"
        onSubmit={(event) => {
          event.preventDefault();
          setReadUri(uri);
        }}
      >
        {names.map((name) => (
          <CompletingInput
            key={name}
            label={name}
            value={values[name] ?? ''}
            onChange={(value) => setValues({ ...values, [name]: value })}
            completion={{
              client: mcp.client,
              generation: mcp.generation,
              enabled: complete,
              ref: { type: 'ref/resource', uri: template.uriTemplate },
              argument: name,
              context: Object.fromEntries(Object.entries(values).filter(([key]) => key !== name)),
            }}
          />
        ))}
        <p className="muted">
          URI: <code aria-label="Expanded URI">{uri}</code>
        </p>
        <button
          type="submit"
          className="primary"
          disabled={mcp.status !== 'ready' || parsed.error !== undefined}
        >
          Read
        </button>
      </form>
      {readUri !== undefined && <ResourceRead key={readUri} mcp={mcp} uri={readUri} />}
    </section>
  );
}
