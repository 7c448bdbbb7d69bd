// One entry point for all demo tools. Registration order is the order tools/list returns, which
// the end-to-end tests rely on, so new tools go at the end.
import type { McpServer } from '@modelcontextprotocol/server';
import { registerBehaviourTools } from './behaviourTools.js';
import { registerBookingTool } from './bookingTool.js';
import { registerContentTools } from './contentTools.js';
import type { DemoEra } from './createDemoServer.js';
import type { DemoState } from './demoState.js';
import { registerNoteTools } from './noteTools.js';
import { registerRegionTool } from './regionTool.js';
import { serveLegacyTasks } from './tasks/legacyTasks.js';
import { registerLongTask } from './tasks/longTask.js';
import { registerModernTaskMethods } from './tasks/modernTasks.js';
import { registerWeatherApp } from './weatherApp.js';

export function registerTools(server: McpServer, state: DemoState, era: DemoEra): void {
  registerContentTools(server);
  registerNoteTools(server, state);
  registerBehaviourTools(server, state);
  registerBookingTool(server);
  const longTask = registerLongTask(server, state);
  // Each era has its own task protocol; the task itself (DemoState.tasks) is the same.
  if (era === 'legacy') serveLegacyTasks(server, longTask, state.tasks);
  else registerModernTaskMethods(server, state.tasks);
  registerRegionTool(server);
  registerWeatherApp(server);
}
