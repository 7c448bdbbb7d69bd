import type { NotifySchedule } from '../../../shared/core/traffic/trafficLog';

/**
 * The page hears of new traffic once per animation frame, so a flood of frames re-renders once
 * per frame, not once per record. A hidden tab gets no animation frames; a timer still lets it
 * catch up.
 */
export const pageTrafficSchedule: NotifySchedule = (notify) => {
  if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') {
    requestAnimationFrame(notify);
  } else {
    setTimeout(notify, 100);
  }
};
