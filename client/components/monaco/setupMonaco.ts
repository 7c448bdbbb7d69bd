/**
 * Monaco from the package itself (no CDN: many users, and this project's CI, are offline),
 * with only the editor core, its features and the JSON language: the full package would add
 * ~15 MB of TypeScript, CSS and HTML workers. Imported lazily, never in the first page load.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { loader } from '@monaco-editor/react';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};
loader.config({ monaco });

/**
 * JSON schemas by model path. Monaco keeps one global list; every editor that validates
 * against a schema registers it here under its own model's path.
 */
const schemas = new Map<string, unknown>();

export function setSchemaForModel(modelPath: string, schema: unknown | undefined): void {
  if (schema === undefined) schemas.delete(modelPath);
  else schemas.set(modelPath, schema);
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [...schemas].map(([path, entry]) => ({
      uri: `inmemory://mcp-inspect/schemas${path}`,
      fileMatch: [path],
      schema: entry as object,
    })),
  });
}

export { monaco };
