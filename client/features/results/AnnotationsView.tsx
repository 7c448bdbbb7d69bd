import type { Annotations } from '@modelcontextprotocol/client';
import { formatDateTime } from '../../components/format';

/** A content block's annotations: who it is for, how much it matters, when it last changed. */
export function AnnotationsView({ annotations }: { annotations: Annotations | undefined }) {
  if (!annotations) return null;
  const { audience, priority, lastModified } = annotations;
  if (audience === undefined && priority === undefined && lastModified === undefined) return null;
  return (
    <ul className="annotations" aria-label="Annotations">
      {audience !== undefined && <li className="chip">audience: {audience.join(', ') || 'none'}</li>}
      {priority !== undefined && <li className="chip">priority: {priority}</li>}
      {lastModified !== undefined && (
        <li className="chip" title={formatDateTime(lastModified)}>
          last modified: {lastModified}
        </li>
      )}
    </ul>
  );
}
