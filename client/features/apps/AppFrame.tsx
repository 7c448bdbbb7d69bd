import { useLayoutEffect, useRef } from 'react';
import { buildAllowAttribute, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { SandboxPage } from './appQueries';
import type { AppResource } from './appResource';
import type { AppSession } from './appSession';

interface AppFrameProps {
  session: AppSession;
  resource: AppResource;
  /** The sandbox page address the bridge issued for this app. */
  sandbox: SandboxPage;
  context: McpUiHostContext;
  width: number | undefined;
  height: number | undefined;
}

/**
 * What the spec requires of the sandbox frame (the outer of the two): scripts and its own origin,
 * which is the sandbox listener's and never the inspector's. No popups, no top navigation, no
 * downloads: links and files go through the host, on the person's click.
 */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/** The sandbox frame of one app view, connected to the view's AppBridge as soon as it is in the page. */
export function AppFrame({ session, resource, sandbox, context, width, height }: AppFrameProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  const src = sandbox.url;

  // Before the attach below (effects run in order), so ui/initialize already carries it.
  useLayoutEffect(() => session.setContext(context), [session, context]);
  // A layout effect: the bridge listens before the sandbox page can say it is ready.
  useLayoutEffect(() => {
    const frame = ref.current;
    return frame ? session.attach(frame, resource, sandbox) : undefined;
  }, [session, resource, sandbox]);

  const allow = buildAllowAttribute(resource.permissions);
  return (
    <iframe
      ref={ref}
      key={src}
      src={src}
      title={`MCP App ${resource.uri}`}
      sandbox={SANDBOX}
      {...(allow ? { allow } : {})}
      referrerPolicy="no-referrer"
      // Every document the frame loads, whoever navigated it: a second one stops the app.
      onLoad={() => session.frameLoaded()}
      className={resource.prefersBorder === false ? 'app-frame borderless' : 'app-frame'}
      style={{
        width: width === undefined ? '100%' : `${width}px`,
        height: height === undefined ? '100%' : `${height}px`,
      }}
    />
  );
}
