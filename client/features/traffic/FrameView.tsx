import { useState } from 'react';
import { fetchWholeFrame } from '../../bridge/api';
import { JsonEditor } from '../../components/JsonEditor';
import { JsonTree } from '../../components/JsonTree';
import { Tabs } from '../../components/Tabs';
import { CopyButton } from '../../components/CopyButton';
import { formatBytes } from '../../components/format';
import type { FrameRecord } from '../../../shared/core/traffic/trafficRecord';
import { LARGE_FRAME_BYTES } from '../../../shared/wire';

/** Characters of a large frame shown before the person asks for the whole. */
const PREVIEW_CHARS = 4_000;

interface FrameViewProps {
  frame: FrameRecord;
  /** Names the tree, the editor and the copy button, e.g. "Selected frame", "Paired response". */
  label: string;
  /** Model path of the raw editor; one per place, so two editors never share a model. */
  editorPath: string;
}

/**
 * One frame's message as a collapsible tree and as raw JSON (read-only Monaco, loaded when the
 * Raw tab is first opened). A frame over 1 MB starts as a shortened preview, the whole one
 * click away, so selecting it does not stall the page.
 */
export function FrameView({ frame, label, editorPath }: FrameViewProps) {
  const [tab, setTab] = useState<'tree' | 'raw'>('tree');
  const large = frame.bytes > LARGE_FRAME_BYTES;
  const [whole, setWhole] = useState(!large);
  const text = (): string => JSON.stringify(frame.message, null, 2);

  if (frame.elided) {
    return <ElidedFrameView frame={frame} label={label} editorPath={editorPath} />;
  }
  if (!whole) {
    return (
      <div className="frame-view">
        <p className="traffic-note" role="note">
          This frame is {formatBytes(frame.bytes)}: shown shortened.{' '}
          <button type="button" onClick={() => setWhole(true)}>
            Show the whole frame
          </button>{' '}
          <CopyButton text={() => JSON.stringify(frame.message)} label={`Copy ${label.toLowerCase()}`} />
        </p>
        <pre className="frame-preview" aria-label={`${label} (shortened)`}>
          {JSON.stringify(frame.message).slice(0, PREVIEW_CHARS)}…
        </pre>
      </div>
    );
  }
  return (
    <div className="frame-view">
      <div className="frame-actions">
        <CopyButton text={text} label={`Copy ${label.toLowerCase()}`} />
      </div>
      <Tabs
        label={`${label} view`}
        active={tab}
        onChange={setTab}
        tabs={[
          {
            key: 'tree',
            label: 'Tree',
            content: () => <JsonTree value={frame.message} label={label} expandDepth={4} />,
          },
          {
            key: 'raw',
            label: 'Raw',
            content: () => (
              <JsonEditor
                value={text()}
                readOnly
                path={editorPath}
                height="100%"
                label={`${label} (raw JSON)`}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

/**
 * A frame the history kept only the envelope of (it came before a reload): its method and id
 * at once, the whole fetched from the bridge when the person asks for it.
 */
function ElidedFrameView({ frame, label, editorPath }: FrameViewProps) {
  const [whole, setWhole] = useState<{ message: unknown } | { error: string } | undefined>();
  if (whole && 'message' in whole) {
    return (
      <FrameView
        frame={{ ...frame, elided: undefined, message: whole.message as typeof frame.message }}
        label={label}
        editorPath={editorPath}
      />
    );
  }
  return (
    <div className="frame-view">
      <p className="traffic-note" role="note">
        This frame was {formatBytes(frame.bytes)}. The history a reloaded page gets keeps only the envelope of
        frames over {formatBytes(LARGE_FRAME_BYTES)}; mcp-inspect holds the whole one apart.{' '}
        <button
          type="button"
          onClick={() =>
            void fetchWholeFrame(frame.seq).then(
              (message) => setWhole({ message }),
              (error: Error) => setWhole({ error: error.message }),
            )
          }
        >
          Load the whole frame
        </button>
      </p>
      {whole && 'error' in whole && (
        <p className="field-error" role="alert">
          Could not load it: {whole.error}
        </p>
      )}
      <JsonTree value={frame.message} label={label} expandDepth={2} />
    </div>
  );
}
