import type { RecordOut } from '../../relay/envelopeText.js';
import { TrafficWatch } from '../../../shared/lint/trafficWatch.js';

/**
 * lint's traffic watch, fed from the link's frame records (the transports are the link's own).
 * Only frames that can concern it are parsed: list requests, and what comes back while one waits
 * or names a notification.
 */
export class LintTraffic extends TrafficWatch {
  seeRecord = (record: RecordOut): void => {
    if (record.type !== 'frame') return;
    const text = record.message.text;
    if (!TrafficWatch.mayConcern(record.dir, text, this.waiting)) return;
    try {
      this.see(record.dir, JSON.parse(text));
    } catch {
      // Not JSON: the link says so already.
    }
  };
}
