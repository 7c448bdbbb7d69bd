import type { Tool } from '@modelcontextprotocol/client';
import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';

/** What a tool says about its MCP App: the resource to render, or why its declaration is unusable. */
export type ToolApp = { uri: string } | { problem: string };

/**
 * The tool's app, from `_meta.ui.resourceUri` (or the deprecated flat `_meta["ui/resourceUri"]`),
 * read by the SDK's own helper; undefined when the tool declares none.
 */
export function toolApp(tool: Tool): ToolApp | undefined {
  try {
    const uri = getToolUiResourceUri(tool);
    return uri === undefined ? undefined : { uri };
  } catch (error) {
    return { problem: `The tool's _meta names an app the spec does not allow: ${(error as Error).message}` };
  }
}

/** `_meta.ui.visibility`; the spec's default is both. */
export function toolVisibility(tool: Tool): ('model' | 'app')[] {
  const visibility = (tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility;
  if (!Array.isArray(visibility)) return ['model', 'app'];
  return visibility.filter((who): who is 'model' | 'app' => who === 'model' || who === 'app');
}

/** The spec: a host MUST reject an app's tools/call for a tool whose visibility leaves out "app". */
export function appMayCall(tool: Tool): boolean {
  return toolVisibility(tool).includes('app');
}

/** A tool only apps may call: hidden from a model, shown (and marked) in an inspector. */
export function isAppOnly(tool: Tool): boolean {
  return !toolVisibility(tool).includes('model');
}
