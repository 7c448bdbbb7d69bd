/*
 * The page's first module, and a small one: index.html loads it before the rest of the page
 * (vite.config.ts puts it there), so the socket opens, says hello and has the welcome and history
 * waiting while the browser still fetches and evaluates React, the SDK and zod. main.tsx takes
 * the connection over; the module runs once however many import it.
 */
import { startEarlyConnection } from './bridge/earlyConnection';

export const earlyConnection = startEarlyConnection();
