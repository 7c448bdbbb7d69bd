import type { AppSession } from './appSession';

/** Views kept at most; the oldest go (their frames are long gone, their messages are in the traffic). */
const MAX_VIEWS = 100;

/**
 * Every app view of the page, by key, so a view outlives its component: picking another tool and
 * coming back finds the same log and shows the same call. A view opened before a call (staged)
 * is bound to the call the person then runs, and answers for it.
 */
class AppViews {
  private views = new Map<string, AppSession>();

  get(key: string): AppSession | undefined {
    return this.views.get(key);
  }

  getOrCreate(key: string, create: () => AppSession): AppSession {
    let view = this.views.get(key);
    if (!view) {
      view = create();
      this.views.set(key, view);
      while (this.views.size > MAX_VIEWS) {
        const oldest = this.views.keys().next().value;
        if (oldest === undefined) break;
        this.views.delete(oldest);
      }
    }
    return view;
  }

  /** The view opened before a call of this tool and not yet bound to one. */
  staged(generation: number, toolName: string): AppSession | undefined {
    return this.views.get(stageKey(generation, toolName));
  }

  /** The staged view becomes the view of this call. */
  bind(generation: number, toolName: string, callId: number): AppSession | undefined {
    const view = this.staged(generation, toolName);
    if (!view) return undefined;
    this.views.delete(stageKey(generation, toolName));
    view.adoptCall(callId, `call ${callId} · ${toolName}`);
    this.views.set(callKey(generation, callId), view);
    return view;
  }

  forget(key: string): void {
    this.views.delete(key);
  }
}

export function stageKey(generation: number, toolName: string): string {
  return `${generation}:stage:${toolName}`;
}

export function callKey(generation: number, callId: number): string {
  return `${generation}:call:${callId}`;
}

export const appViews = new AppViews();
