/*
 * The demo server's MCP App: a weather card for the `weather_dashboard` tool. Written with the
 * ext-apps App SDK, bundled by scripts/build-apps.mjs into one script the demo server inlines
 * into its ui:// resource, so nothing loads from anywhere else.
 *
 * It shows each part of the protocol a person can watch in mcp-inspect: tool input (and partial
 * input while the form is edited), the tool result, a call back to the server (Refresh, an
 * app-only tool), a message to the conversation, a link, a log line, the model context, a display
 * mode request and size changes (Details grows the card; the SDK reports the new size).
 */
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiDisplayMode,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';
import { iconFor, readForecast, type Forecast } from './forecast';
import './weatherApp.css';

interface ViewState {
  city: string;
  status: string;
  forecast: Forecast | undefined;
  details: boolean;
  locale: string | undefined;
  displayMode: McpUiDisplayMode;
}

const state: ViewState = {
  city: '',
  status: 'Waiting for the tool input…',
  forecast: undefined,
  details: false,
  locale: undefined,
  displayMode: 'inline',
};

const app = new App(
  { name: 'mcp-inspect demo weather', version: '1.0.0' },
  { availableDisplayModes: ['inline', 'fullscreen', 'pip'] },
);

app.ontoolinputpartial = ({ arguments: args }) => {
  update({ city: cityOf(args), status: 'The arguments are still being written…' });
};
app.ontoolinput = ({ arguments: args }) => {
  update({ city: cityOf(args), status: `Asking the server about ${cityOf(args) || 'somewhere'}…` });
};
app.ontoolresult = (result) => {
  const forecast = readForecast(result.structuredContent);
  if (result.isError || !forecast) {
    update({ status: 'The tool did not return a forecast.' });
    return;
  }
  update({ forecast, city: forecast.city, status: `${forecast.days.length}-day forecast` });
  void app.sendLog({
    level: 'info',
    logger: 'weather',
    data: `showing ${forecast.days.length} days for ${forecast.city}`,
  });
  void app.updateModelContext({ structuredContent: { city: forecast.city, days: forecast.days } });
};
app.ontoolcancelled = ({ reason }) => {
  update({ status: `The call was cancelled${reason ? `: ${reason}` : ''}.` });
};
app.onhostcontextchanged = (context) => applyContext(context);
app.onteardown = async () => ({});

function cityOf(args: Record<string, unknown> | undefined): string {
  return typeof args?.city === 'string' ? args.city : '';
}

function update(patch: Partial<ViewState>): void {
  Object.assign(state, patch);
  render();
}

function applyContext(context: McpUiHostContext | undefined): void {
  if (!context) return;
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  update({
    ...(context.locale ? { locale: context.locale } : {}),
    ...(context.displayMode ? { displayMode: context.displayMode } : {}),
  });
}

async function refresh(): Promise<void> {
  update({ status: `Refreshing ${state.city}…` });
  try {
    const result = await app.callServerTool({
      name: 'weather_refresh',
      arguments: { city: state.city, days: state.forecast?.days.length ?? 3 },
    });
    const forecast = readForecast(result.structuredContent);
    update(
      forecast
        ? { forecast, status: 'Refreshed by the app' }
        : { status: 'The refresh returned no forecast.' },
    );
  } catch (error) {
    update({ status: `Refresh failed: ${(error as Error).message}` });
  }
}

async function ask(): Promise<void> {
  const today = state.forecast?.days[0];
  const text = today
    ? `What should I wear in ${state.city}? It will be ${today.temperatureC} °C and ${today.conditions}.`
    : `What is the weather like in ${state.city}?`;
  try {
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text }] });
    update({ status: 'Question sent to the conversation' });
  } catch (error) {
    update({ status: `The host refused the message: ${(error as Error).message}` });
  }
}

async function toggleFullscreen(): Promise<void> {
  const wanted: McpUiDisplayMode = state.displayMode === 'fullscreen' ? 'inline' : 'fullscreen';
  const { mode } = await app.requestDisplayMode({ mode: wanted });
  update({ displayMode: mode });
}

function openOnTheWeb(): void {
  void app.openLink({ url: `https://www.example.com/weather/${encodeURIComponent(state.city)}` });
}

/** Everything from the server goes in as text: the app never parses server data as HTML. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const node = el('button', label);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

function render(): void {
  const main = el('main');
  main.append(el('h1', state.city ? `Weather in ${state.city}` : 'Weather'));
  main.append(el('p', state.status, 'status'));
  const { forecast } = state;
  if (forecast) {
    const weekday = new Intl.DateTimeFormat(state.locale, { weekday: 'short', day: 'numeric' });
    const list = el('ul', undefined, 'days');
    list.setAttribute('aria-label', 'Forecast');
    for (const day of forecast.days) {
      const item = el('li');
      item.append(
        el('span', weekday.format(new Date(`${day.date}T12:00:00Z`)), 'day'),
        el('span', iconFor(day.conditions), 'icon'),
        el('span', `${day.temperatureC.toLocaleString(state.locale)} °C`, 'temp'),
        el('span', day.conditions, 'cond'),
      );
      list.append(item);
    }
    main.append(list);
    const actions = el('div', undefined, 'actions');
    actions.append(
      button('Refresh', () => void refresh()),
      button('Ask about it', () => void ask()),
      button(state.details ? 'Hide details' : 'Details', () => update({ details: !state.details })),
      button(
        state.displayMode === 'fullscreen' ? 'Exit fullscreen' : 'Fullscreen',
        () => void toggleFullscreen(),
      ),
      button('Open on the web', openOnTheWeb),
    );
    main.append(actions);
    if (state.details) {
      const details = el('dl', undefined, 'details');
      details.append(
        el('dt', 'Issued'),
        el('dd', forecast.issuedAt ? new Date(forecast.issuedAt).toLocaleString(state.locale) : 'unknown'),
        el('dt', 'Locale'),
        el('dd', state.locale ?? 'the browser default'),
        el('dt', 'Display mode'),
        el('dd', state.displayMode),
        el('dt', 'Source'),
        el('dd', 'Made up by the mcp-inspect demo server from the city name: no network involved.'),
      );
      main.append(details);
    }
  }
  document.body.replaceChildren(main);
}

render();
// A classic script (the resource inlines it), so no top-level await.
void app.connect().then(
  () => applyContext(app.getHostContext()),
  (error: unknown) => update({ status: `Could not reach the host: ${(error as Error).message}` }),
);
