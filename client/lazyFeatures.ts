import { lazy } from 'react';

/*
 * The feature panels, loaded when first shown. The first paint needs the top bar, the tool
 * list and the traffic pane; forms (rjsf, ajv), markdown and the result views come after, so
 * a large first bundle does not delay seeing the server's tools.
 */

const loadToolPanel = () => import('./features/tools/SessionToolPanel');
/** A tool's panel with the session's call log (both load with the first panel shown). */
export const SessionToolPanel = lazy(() => loadToolPanel().then((m) => ({ default: m.SessionToolPanel })));
/** Loads it ahead of the first click, once the first screen has shown (afterFirstScreen.ts). */
export const preloadToolPanel = (): void => void loadToolPanel();
export const ResourcesPanel = lazy(() =>
  import('./features/resources/ResourcesPanel').then((m) => ({ default: m.ResourcesPanel })),
);
export const PromptsPanel = lazy(() =>
  import('./features/prompts/PromptsPanel').then((m) => ({ default: m.PromptsPanel })),
);
export const ServerRequestsPanel = lazy(() =>
  import('./features/serverRequests/ServerRequestsPanel').then((m) => ({ default: m.ServerRequestsPanel })),
);
export const LogsPanel = lazy(() =>
  import('./features/logs/LogsPanel').then((m) => ({ default: m.LogsPanel })),
);
export const ServerInfo = lazy(() =>
  import('./features/connection/ServerInfo').then((m) => ({ default: m.ServerInfo })),
);
export const ConnectionSettings = lazy(() =>
  import('./features/connection/ConnectionSettings').then((m) => ({ default: m.ConnectionSettings })),
);
export const TasksPanel = lazy(() =>
  import('./features/tasks/TasksPanel').then((m) => ({ default: m.TasksPanel })),
);
export const LintPanel = lazy(() =>
  import('./features/lint/LintPanel').then((m) => ({ default: m.LintPanel })),
);
export const CollectionPanel = lazy(() =>
  import('./features/collections/CollectionPanel').then((m) => ({ default: m.CollectionPanel })),
);
export const OAuthPanel = lazy(() =>
  import('./features/oauth/OAuthPanel').then((m) => ({ default: m.OAuthPanel })),
);
export const SkillsPanel = lazy(() =>
  import('./features/skills/SkillsPanel').then((m) => ({ default: m.SkillsPanel })),
);
export const TimelinePanel = lazy(() =>
  import('./features/timeline/TimelinePanel').then((m) => ({ default: m.TimelinePanel })),
);

const loadFrameDetail = () => import('./features/traffic/FrameDetail');
/** The traffic's frame detail: shown once a frame is picked, preloaded after the first screen. */
export const FrameDetail = lazy(() => loadFrameDetail().then((m) => ({ default: m.FrameDetail })));
export const preloadFrameDetail = (): void => void loadFrameDetail();
export const OAuthBanner = lazy(() =>
  import('./features/oauth/OAuthBanner').then((m) => ({ default: m.OAuthBanner })),
);
export const TrafficPane = lazy(() =>
  import('./features/traffic/TrafficPane').then((m) => ({ default: m.TrafficPane })),
);
/** What went wrong with the bridge or the server: loaded when something did (App.tsx). */
export const ConnectionProblem = lazy(() =>
  import('./features/connection/ConnectionProblem').then((m) => ({ default: m.ConnectionProblem })),
);
export const HostConfigPanel = lazy(() =>
  import('./features/hostConfig/HostConfigPanel').then((m) => ({ default: m.HostConfigPanel })),
);
