import { lazyPart } from './components/lazyPart';

/*
 * The feature panels, loaded when first shown. The first paint needs the top bar, the tool
 * list and the traffic pane; forms (rjsf and the schema engine), markdown and the result views come after, so
 * a large first bundle does not delay seeing the server's tools.
 */

const loadToolPanel = () => import('./features/tools/SessionToolPanel');
/** A tool's panel with the session's call log (both load with the first panel shown). */
export const SessionToolPanel = lazyPart(() =>
  loadToolPanel().then((m) => ({ default: m.SessionToolPanel })),
);
/** Loads it ahead of the first click, once the first screen has shown (afterFirstScreen.ts). */
export const preloadToolPanel = (): void => void loadToolPanel();
export const ResourcesPanel = lazyPart(() =>
  import('./features/resources/ResourcesPanel').then((m) => ({ default: m.ResourcesPanel })),
);
export const PromptsPanel = lazyPart(() =>
  import('./features/prompts/PromptsPanel').then((m) => ({ default: m.PromptsPanel })),
);
export const ServerRequestsPanel = lazyPart(() =>
  import('./features/serverRequests/ServerRequestsPanel').then((m) => ({ default: m.ServerRequestsPanel })),
);
export const LogsPanel = lazyPart(() =>
  import('./features/logs/LogsPanel').then((m) => ({ default: m.LogsPanel })),
);
export const ServerInfo = lazyPart(() =>
  import('./features/connection/ServerInfo').then((m) => ({ default: m.ServerInfo })),
);
export const ConnectionSettings = lazyPart(() =>
  import('./features/connection/ConnectionSettings').then((m) => ({ default: m.ConnectionSettings })),
);
export const TasksPanel = lazyPart(() =>
  import('./features/tasks/TasksPanel').then((m) => ({ default: m.TasksPanel })),
);
export const LintPanel = lazyPart(() =>
  import('./features/lint/LintPanel').then((m) => ({ default: m.LintPanel })),
);
export const CollectionPanel = lazyPart(() =>
  import('./features/collections/CollectionPanel').then((m) => ({ default: m.CollectionPanel })),
);
/** The collection's evals (a model in the loop): loaded with the Collection tab's first showing, after its items. */
export const EvalsSection = lazyPart(() =>
  import('./features/collections/EvalsSection').then((m) => ({ default: m.EvalsSection })),
);
export const OAuthPanel = lazyPart(() =>
  import('./features/oauth/OAuthPanel').then((m) => ({ default: m.OAuthPanel })),
);
export const SkillsPanel = lazyPart(() =>
  import('./features/skills/SkillsPanel').then((m) => ({ default: m.SkillsPanel })),
);
/** The person's own model with the server's tools: loaded when the Playground tab is first shown. */
export const PlaygroundPanel = lazyPart(() =>
  import('./features/playground/PlaygroundPanel').then((m) => ({ default: m.PlaygroundPanel })),
);
export const TimelinePanel = lazyPart(() =>
  import('./features/timeline/TimelinePanel').then((m) => ({ default: m.TimelinePanel })),
);

const loadFrameDetail = () => import('./features/traffic/FrameDetail');
/** The traffic's frame detail: shown once a frame is picked, preloaded after the first screen. */
export const FrameDetail = lazyPart(() => loadFrameDetail().then((m) => ({ default: m.FrameDetail })));
export const preloadFrameDetail = (): void => void loadFrameDetail();
export const OAuthBanner = lazyPart(() =>
  import('./features/oauth/OAuthBanner').then((m) => ({ default: m.OAuthBanner })),
);
export const TrafficPane = lazyPart(() =>
  import('./features/traffic/TrafficPane').then((m) => ({ default: m.TrafficPane })),
);
/** What went wrong with the bridge or the server: loaded when something did (App.tsx). */
export const ConnectionProblem = lazyPart(() =>
  import('./features/connection/ConnectionProblem').then((m) => ({ default: m.ConnectionProblem })),
);
export const HostConfigPanel = lazyPart(() =>
  import('./features/hostConfig/HostConfigPanel').then((m) => ({ default: m.HostConfigPanel })),
);
/** Sessions hosts run through `mcp-inspect proxy`, read-only: loaded when the Captured tab is first shown. */
export const CapturedPanel = lazyPart(() =>
  import('./features/captured/CapturedPanel').then((m) => ({ default: m.CapturedPanel })),
);
/** Breakpoints on proxied sessions: its tab starts the bridge's collector when first shown. */
export const BreakpointsPanel = lazyPart(() =>
  import('./features/breakpoints/BreakpointsPanel').then((m) => ({ default: m.BreakpointsPanel })),
);
