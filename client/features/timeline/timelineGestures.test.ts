import { describe, expect, it } from 'vitest';
import { keyAction, wheelAction } from './timelineGestures';

const view = { start: 100, end: 200 };

describe('what keys and the wheel do to a timeline', () => {
  it('zooms about the middle with + and −, and pans with the arrows', () => {
    const zoomedIn = keyAction('+', view, 150, 1_000);
    expect(zoomedIn?.kind).toBe('view');
    if (zoomedIn?.kind !== 'view') return;
    expect(zoomedIn.view.end - zoomedIn.view.start).toBeLessThan(100);
    expect((zoomedIn.view.start + zoomedIn.view.end) / 2).toBeCloseTo(150);
    const zoomedOut = keyAction('-', view, 150, 1_000);
    expect(zoomedOut?.kind === 'view' && zoomedOut.view.end - zoomedOut.view.start).toBeGreaterThan(100);
    expect(keyAction('ArrowRight', view, 150, 1_000)).toEqual({
      kind: 'view',
      view: { start: 115, end: 215 },
    });
    expect(keyAction('ArrowLeft', view, 150, 1_000)).toEqual({ kind: 'view', view: { start: 85, end: 185 } });
  });

  it('scrolls lanes, fits, and steps through calls; leaves other keys to the page', () => {
    expect(keyAction('ArrowDown', view, 150, 1_000)).toEqual({ kind: 'scroll', lanes: 1 });
    expect(keyAction('ArrowUp', view, 150, 1_000)).toEqual({ kind: 'scroll', lanes: -1 });
    expect(keyAction('Home', view, 150, 1_000)).toEqual({ kind: 'fit' });
    expect(keyAction('0', view, 150, 1_000)).toEqual({ kind: 'fit' });
    expect(keyAction(']', view, 150, 1_000)).toEqual({ kind: 'step', direction: 1 });
    expect(keyAction('[', view, 150, 1_000)).toEqual({ kind: 'step', direction: -1 });
    expect(keyAction('a', view, 150, 1_000)).toBeUndefined();
    expect(keyAction('Tab', view, 150, 1_000)).toBeUndefined();
  });

  it('zooms about the pointer with the wheel, pans sideways, and scrolls lanes with shift', () => {
    const zoomed = wheelAction({ deltaX: 0, deltaY: -100, shiftKey: false, offsetX: 0 }, view, 500, 1_000);
    expect(zoomed.kind === 'view' && zoomed.view.start).toBeCloseTo(100);
    expect(zoomed.kind === 'view' && zoomed.view.end).toBeLessThan(200);
    expect(wheelAction({ deltaX: 250, deltaY: 10, shiftKey: false, offsetX: 0 }, view, 500, 1_000)).toEqual({
      kind: 'view',
      view: { start: 150, end: 250 },
    });
    expect(wheelAction({ deltaX: 0, deltaY: 40, shiftKey: true, offsetX: 0 }, view, 500, 1_000)).toEqual({
      kind: 'scroll',
      lanes: 1,
    });
  });
});
