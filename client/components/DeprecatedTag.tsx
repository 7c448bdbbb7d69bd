import { useInspectorSnapshot } from '../session/inspectorContext';
import './deprecatedTag.css';

/**
 * Marks a feature MCP 2026-07-28 deprecates (roots, sampling, logging, the HTTP+SSE transport)
 * while a modern server is inspected. It still works: legacy servers use it, and modern ones may
 * still ask for it in input rounds during the deprecation window.
 */
export function DeprecatedTag({ feature }: { feature: string }) {
  const { mcp } = useInspectorSnapshot();
  if (mcp?.era !== 'modern') return null;
  return (
    <span
      className="chip deprecated"
      title={`${feature} is deprecated as of MCP 2026-07-28 (SEP-2577); it still works`}
    >
      deprecated
    </span>
  );
}
