import { useRef, useState } from 'react';
import { DownloadButton } from '../../components/DownloadButton';
import { fromJsonLines, toJsonLines } from '../../../shared/core/traffic/jsonLines';
import { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { pageTrafficSchedule } from './pageTrafficSchedule';

/** A file imported to look at offline: a log of its own, never mixed with the live one. */
export interface OfflineFile {
  name: string;
  log: TrafficLog;
  skipped: number;
}

interface TrafficActionsProps {
  live: TrafficLog;
  /** The log on screen: the live one or an imported file. */
  shown: TrafficLog;
  offline: OfflineFile | undefined;
  onOffline: (file: OfflineFile | undefined) => void;
}

/** Export the log on screen as JSON Lines, import such a file, clear the live log. */
export function TrafficActions({ live, shown, offline, onOffline }: TrafficActionsProps) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();

  const importFile = async (file: File): Promise<void> => {
    const imported = fromJsonLines(await file.text());
    if (imported.records.length === 0 && imported.skipped.length > 0) {
      setProblem(
        `${file.name} holds no traffic records (line ${imported.skipped[0]?.line}: ${imported.skipped[0]?.reason})`,
      );
      return;
    }
    setProblem(undefined);
    // Sized to hold the whole file: an offline look should show all of it.
    const log = new TrafficLog(
      { records: Math.max(imported.records.length, 1), bytes: Number.POSITIVE_INFINITY },
      pageTrafficSchedule,
    );
    log.replaceAll(imported.records, imported.startedAt);
    onOffline({ name: file.name, log, skipped: imported.skipped.length });
  };

  return (
    <div className="traffic-actions">
      <DownloadButton
        label="Export"
        disabled={shown.size === 0}
        file={() => new Blob([toJsonLines(shown.all(), shown.startedAt)], { type: 'application/x-ndjson' })}
        fileName={() => `mcp-inspect-traffic-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`}
      />
      <button type="button" onClick={() => input.current?.click()}>
        Import…
      </button>
      <input
        ref={input}
        type="file"
        accept=".jsonl,.ndjson,application/x-ndjson,application/json,text/plain"
        aria-label="Import traffic (JSON Lines)"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <button type="button" onClick={() => live.clear()} disabled={offline !== undefined || live.size === 0}>
        Clear
      </button>
      {problem && (
        <span className="traffic-problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
