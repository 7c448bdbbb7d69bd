import { lazy, useEffect, useState, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/** How often, and how many times, a part that did not load is asked for again. */
const RETRY_MS = 2_000;
const RETRIES = 60;

/**
 * React.lazy for a part of the page whose script may fail to load: the bridge that serves it can
 * die or restart at any moment (it is the person's own process in a terminal), and React.lazy
 * would then throw into the render and take the whole page down, the "bridge disconnected" notice
 * with it. Here a part that failed says so in its place and loads itself once the bridge answers.
 */
export function lazyPart<P extends object>(load: () => Promise<Module<P>>) {
  return lazy(() => load().catch(() => ({ default: retrying(load) })));
}

function retrying<P extends object>(load: () => Promise<Module<P>>): ComponentType<P> {
  return function PartNotLoaded(props: P) {
    const [loaded, setLoaded] = useState<Module<P> | undefined>();
    const [gaveUp, setGaveUp] = useState(false);
    useEffect(() => {
      let stopped = false;
      let tries = 0;
      let timer: ReturnType<typeof setTimeout>;
      const attempt = () => {
        load().then(
          (module) => {
            if (!stopped) setLoaded(module);
          },
          () => {
            if (stopped) return;
            if (++tries >= RETRIES) setGaveUp(true);
            else timer = setTimeout(attempt, RETRY_MS);
          },
        );
      };
      timer = setTimeout(attempt, RETRY_MS);
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    }, []);
    if (loaded) {
      const Part = loaded.default;
      return <Part {...props} />;
    }
    return (
      <p className="muted" role="status">
        {gaveUp
          ? 'This part of the page could not be loaded from mcp-inspect: reload the page once it runs again.'
          : 'This part of the page could not be loaded from mcp-inspect; trying again…'}
      </p>
    );
  };
}
