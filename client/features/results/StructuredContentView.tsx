import { JsonTree } from '../../components/JsonTree';
import type { StructuredContentCheck } from './outputSchemaCheck';

interface StructuredContentViewProps {
  structuredContent: unknown;
  outputSchema: unknown;
  check: StructuredContentCheck;
}

/** structuredContent as a tree, and whether it matches the tool's outputSchema. */
export function StructuredContentView({
  structuredContent,
  outputSchema,
  check,
}: StructuredContentViewProps) {
  if (check.kind === 'none') return null;
  return (
    <section className="structured-content" aria-label="Structured content">
      <h4>structuredContent</h4>
      <SchemaVerdict check={check} />
      {structuredContent !== undefined && (
        <JsonTree value={structuredContent} label="structuredContent" expandDepth={2} />
      )}
      {outputSchema !== undefined && (
        <details>
          <summary>outputSchema</summary>
          <JsonTree value={outputSchema} label="outputSchema" expandDepth={3} />
        </details>
      )}
    </section>
  );
}

function SchemaVerdict({ check }: { check: StructuredContentCheck }) {
  switch (check.kind) {
    case 'pass':
      return (
        <p className="verdict ok" role="status" aria-label="Output schema check">
          ✓ Matches the tool&apos;s outputSchema
        </p>
      );
    case 'fail':
      return (
        <div className="verdict bad">
          <p role="status" aria-label="Output schema check">
            ✗ Does not match the tool&apos;s outputSchema ({check.violations.length}{' '}
            {check.violations.length === 1 ? 'problem' : 'problems'})
          </p>
          <ul aria-label="Schema violations">
            {check.violations.map((violation, index) => (
              <li key={index}>
                <code>{violation.path === '' ? '(root)' : violation.path}</code> {violation.message}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'missing':
      return (
        <p className="verdict bad" role="status" aria-label="Output schema check">
          ✗ The tool declares an outputSchema but returned no structuredContent
        </p>
      );
    case 'unchecked':
      return (
        <p className="verdict muted" role="status" aria-label="Output schema check">
          Not checked: the tool declares no outputSchema
        </p>
      );
    case 'bad-schema':
      return (
        <p className="verdict warn" role="status" aria-label="Output schema check">
          ⚠ Not checked: the outputSchema is not valid JSON Schema ({check.message})
        </p>
      );
    case 'none':
      return null;
  }
}
