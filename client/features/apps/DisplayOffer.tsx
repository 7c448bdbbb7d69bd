import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { MODE_LABELS } from './HostContextControls';

interface DisplayOfferProps {
  mode: McpUiDisplayMode;
  onAccept: (mode: McpUiDisplayMode) => void;
  onDecline: () => void;
}

/**
 * An app's request for a display mode that covers the page. An app may ask at any time, with no
 * one's click (ui/request-display-mode), and could then put itself over the inspector, dressed as
 * it: so the host's words, in the app's area, and the person's click.
 */
export function DisplayOffer({ mode, onAccept, onDecline }: DisplayOfferProps) {
  const label = MODE_LABELS[mode];
  return (
    <div className="app-offer" role="group" aria-label="App display request">
      <span>
        The app asks to be shown <strong>{label.toLowerCase()}</strong>, over the page.
      </span>
      <button type="button" onClick={() => onAccept(mode)}>
        Show it {label.toLowerCase()}
      </button>
      <button type="button" onClick={onDecline}>
        Keep it here
      </button>
    </div>
  );
}
