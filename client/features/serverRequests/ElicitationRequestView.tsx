import { useId, useMemo, useRef, useState } from 'react';
import type { ElicitRequest } from '@modelcontextprotocol/client';
import { JsonEditor } from '../../components/JsonEditor';
import { SchemaForm, type SchemaFormHandle } from '../../components/schemaForm/SchemaForm';
import { prepareSchemaForm, schemaDefaults } from '../../components/schemaForm/schemaValidator';
import { argumentsToSend, fillRequiredContainers } from '../../components/schemaForm/sendValue';
import { useInspector } from '../../session/inspectorContext';
import { formatClockTime } from '../../components/format';

interface Props {
  id: number;
  params: ElicitRequest['params'];
  receivedAt: number;
}

/**
 * elicitation/create: the server asks the person for input, either as a form (from
 * requestedSchema) or by sending them to a URL. Declining and cancelling always work, even
 * when the requested schema is malformed.
 */
export function ElicitationRequestView({ id, params, receivedAt }: Props) {
  const { requests } = useInspector();
  // The same request may be drawn twice at once (the Requests tab and a call's card): each
  // drawing's field ids and editor model are its own, so labels find their own fields.
  const drawing = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const isUrl = params.mode === 'url';
  const requestedSchema = params.mode === 'url' ? undefined : params.requestedSchema;
  // The same form, with the same theme, as tool arguments; raw JSON when none can be drawn.
  const prepared = useMemo(
    () => (requestedSchema === undefined ? undefined : prepareSchemaForm(requestedSchema)),
    [requestedSchema],
  );
  const form = prepared && !('problem' in prepared) ? prepared : undefined;
  // Prefilled with the defaults, as MCP asks of a client; required multi-selects present, empty.
  const [formValue, setFormValue] = useState<Record<string, unknown>>(() =>
    form ? (fillRequiredContainers(schemaDefaults(form.schema), form.schema) as Record<string, unknown>) : {},
  );
  const [unrenderable, setUnrenderable] = useState<string | undefined>(
    prepared && 'problem' in prepared ? prepared.problem : undefined,
  );
  const formRef = useRef<SchemaFormHandle>(null);
  const [text, setText] = useState('{}');
  const [problem, setProblem] = useState<string | undefined>();

  const accept = (): void => {
    if (isUrl) {
      requests.answer(id, { action: 'accept' });
      return;
    }
    if (form && unrenderable === undefined) {
      if (!formRef.current?.validate()) {
        setProblem('Some answers do not fit what the server asked for; see the form');
        return;
      }
      const content = argumentsToSend(formValue, form.schema, false) as Record<
        string,
        string | number | boolean | string[]
      >;
      requests.answer(id, { action: 'accept', content: content ?? {} });
      return;
    }
    try {
      const content: unknown = JSON.parse(text);
      if (typeof content !== 'object' || content === null || Array.isArray(content)) {
        setProblem('The answer must be a JSON object');
        return;
      }
      requests.answer(id, {
        action: 'accept',
        content: content as Record<string, string | number | boolean>,
      });
    } catch (error) {
      setProblem(`Not valid JSON: ${(error as Error).message}`);
    }
  };

  return (
    <article className="server-request" aria-label="Elicitation request">
      <header>
        <h3>elicitation/create {isUrl ? '(URL)' : '(form)'}</h3>
        <time className="muted">{formatClockTime(receivedAt)}</time>
      </header>
      <p className="pre elicitation-message">{params.message}</p>
      {params.mode === 'url' ? (
        <UrlConsent url={params.url} />
      ) : form && unrenderable === undefined ? (
        <SchemaForm
          ref={formRef}
          form={form}
          value={formValue}
          onChange={setFormValue}
          label="Elicitation form"
          onUnrenderable={setUnrenderable}
          idPrefix={`elicitation-${id}-${drawing}`}
        />
      ) : (
        <>
          {unrenderable && <p className="notice">No form could be drawn ({unrenderable}); answer in JSON.</p>}
          <JsonEditor
            path={`elicitation/${id}/${drawing}`}
            label="Elicitation answer"
            height={180}
            value={text}
            onChange={setText}
            schema={params.requestedSchema}
          />
        </>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        {params.mode === 'url' ? (
          <button
            type="button"
            className="primary"
            disabled={!isWebUrl(params.url)}
            onClick={() => {
              // Opened only now, on the person's click, and without a handle back to this page.
              window.open(params.url, '_blank', 'noopener,noreferrer');
              accept();
            }}
          >
            Open in a new tab
          </button>
        ) : (
          <button type="button" className="primary" onClick={accept}>
            Accept
          </button>
        )}
        <button type="button" onClick={() => requests.answer(id, { action: 'decline' })}>
          Decline
        </button>
        <button type="button" onClick={() => requests.answer(id, { action: 'cancel' })}>
          Cancel
        </button>
      </div>
    </article>
  );
}

function UrlConsent({ url }: { url: string }) {
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    // Shown as not openable below.
  }
  return (
    <div className="url-consent">
      <p>
        The server asks you to open this address
        {host && (
          <>
            {' '}
            on <strong>{host}</strong>
          </>
        )}
        :
      </p>
      <code className="url">{url}</code>
      {!isWebUrl(url) && <p className="field-error">Only http and https addresses can be opened.</p>}
    </div>
  );
}

function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
