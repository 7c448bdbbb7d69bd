import { useId, useMemo } from 'react';
import { JsonEditor } from './JsonEditor';
import { DownloadButton } from './DownloadButton';
import { rawJsonForDisplay } from './rawJson';

/** Beyond this many characters the editor gets long strings elided (Monaco slows past a few MB). */
const RAW_DISPLAY_LIMIT = 1_000_000;

/** What came back, exactly, in a read-only JSON editor; the whole of it as a download. */
export function RawJsonView({ value, label }: { value: unknown; label: string }) {
  const raw = useMemo(() => rawJsonForDisplay(value, RAW_DISPLAY_LIMIT), [value]);
  const path = `results/${useId().replace(/\W/g, '')}`;
  return (
    <div className="raw-json">
      <div className="block-toolbar">
        {raw.elided > 0 && (
          <span className="note">
            {raw.elided} long {raw.elided === 1 ? 'string is' : 'strings are'} shortened here; the download
            has the whole.
          </span>
        )}
        <span className="spacer" />
        <DownloadButton
          label="Download JSON"
          file={() => new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' })}
          fileName="result.json"
        />
      </div>
      <JsonEditor value={raw.text} readOnly path={path} height={360} label={label} />
    </div>
  );
}
