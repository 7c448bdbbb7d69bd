import type { Tool } from '@modelcontextprotocol/client';
import { JsonTree } from '../../components/JsonTree';
import { SafeMarkdown } from '../../components/SafeMarkdown';
import { isSafeImageSrc } from '../../components/safeUrl';
import { isAppOnly, toolApp } from '../../session/toolApp';
import { effectiveHints, hintText } from '../../session/toolHints';
import { toolDisplayName } from '../../session/toolsQuery';

/** What a tool says about itself: names, icons, hints, description and the rest of its listing. */
export function ToolSummary({ tool }: { tool: Tool }) {
  const title = toolDisplayName(tool);
  const icons = (tool.icons ?? []).filter((icon) => isSafeImageSrc(icon.src));
  const taskSupport = tool.execution?.taskSupport;
  const app = toolApp(tool);
  return (
    <div className="tool-summary">
      <header>
        {icons.map((icon, index) => (
          <img key={index} className="tool-icon" src={icon.src} alt="" width={20} height={20} />
        ))}
        <h2>{title}</h2>
        {/* A tool without a title is named once. */}
        {title !== tool.name && <code>{tool.name}</code>}
      </header>
      <ul className="tool-badges" aria-label="Hints">
        {effectiveHints(tool.annotations).map((hint) => (
          <li
            key={hint.key}
            className={`chip hint${hint.declared ? '' : ' default'}${hint.value === true ? ' on' : ''}${
              hint.key === 'destructiveHint' && hint.value === true ? ' danger' : ''
            }`}
            title={
              hint.declared ? `${hint.key} declared by the tool` : `${hint.key} absent: the spec's default`
            }
          >
            {hintText(hint)}
          </li>
        ))}
      </ul>
      <ul className="tool-badges" aria-label="Capabilities">
        {tool.outputSchema && <li className="chip">output schema</li>}
        {taskSupport && <li className="chip">task support: {taskSupport}</li>}
        {app && (
          <li
            className="chip app"
            title={'uri' in app ? 'Shown after each call, in its result' : app.problem}
          >
            MCP App: {'uri' in app ? app.uri : 'invalid'}
          </li>
        )}
        {isAppOnly(tool) && (
          <li
            className="chip"
            title="visibility: app — a model never sees it; only apps of this server call it"
          >
            app only
          </li>
        )}
      </ul>
      {tool.description && <SafeMarkdown className="tool-description" text={tool.description} />}
      <details>
        <summary>Input schema</summary>
        <JsonTree value={tool.inputSchema} label="Input schema" expandDepth={3} />
      </details>
      {tool.outputSchema && (
        <details>
          <summary>Output schema</summary>
          <JsonTree value={tool.outputSchema} label="Output schema" expandDepth={3} />
        </details>
      )}
      {tool._meta && (
        <details>
          <summary>_meta</summary>
          <JsonTree value={tool._meta} label="Tool _meta" expandDepth={3} />
        </details>
      )}
    </div>
  );
}
