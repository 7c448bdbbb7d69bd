import { useMemo, useState } from 'react';
import { AnsiText } from '../../components/AnsiText';
import { stripAnsi } from '../../components/ansi';
import { JsonTree } from '../../components/JsonTree';
import { CopyButton } from '../../components/CopyButton';
import { downloadName } from '../../components/download';
import { DownloadButton } from '../../components/DownloadButton';
import { formatCount } from '../../components/format';
import { classifyText, countLines, foldText, worthFolding } from './textFolding';
import './results.css';

/** JSON texts up to this many characters are parsed and shown as a tree (a few ms to parse). */
export const JSON_TREE_LIMIT = 1_000_000;
/** A folded text shows this much. */
const FOLD_LINES = 24;
const FOLD_CHARS = 3_000;
/** An unfolded text shows at most this much; the rest is in the download. */
export const TEXT_PART_CHARS = 100 * 1024;

interface TextContentViewProps {
  text: string;
  mimeType?: string;
  /** Base of the download's file name, or the URI it came from. */
  name: string;
  uri?: string;
}

/**
 * A text: a collapsible tree when it is JSON, else preformatted (never as HTML, whatever its
 * mimeType), folded when long, with copy and download. Huge texts show a part.
 */
export function TextContentView({ text, mimeType, name, uri }: TextContentViewProps) {
  const kind = useMemo(() => classifyText(text, JSON_TREE_LIMIT), [text]);
  const [asTree, setAsTree] = useState(true);
  const lines = useMemo(() => countLines(text, JSON_TREE_LIMIT), [text]);
  const download = {
    file: () => new Blob([text], { type: mimeType ?? 'text/plain' }),
    fileName: downloadName(name, mimeType ?? 'text/plain', uri),
  };

  return (
    <div className="text-content">
      <div className="block-toolbar">
        <span className="muted">
          {[
            mimeType,
            `${formatCount(text.length)} characters`,
            lines !== undefined && lines > 1 ? `${formatCount(lines)} lines` : undefined,
            kind.kind === 'json' ? 'JSON' : undefined,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="spacer" />
        {kind.kind === 'json' && (
          <button type="button" aria-pressed={!asTree} onClick={() => setAsTree(!asTree)}>
            {asTree ? 'Show as text' : 'Show as tree'}
          </button>
        )}
        {/* What is shown: a terminal's colour codes are not part of the text a person copies. */}
        <CopyButton text={() => stripAnsi(text)} />
        <DownloadButton {...download} />
      </div>
      {kind.kind === 'json-too-big' && (
        <p className="note">
          This JSON is too big to show as a tree without stalling the page; here is its text. The download has
          it whole.
        </p>
      )}
      {kind.kind === 'json' && asTree ? (
        <JsonTree value={kind.value} label="JSON text" expandDepth={2} />
      ) : (
        <FoldedText text={text} download={download} />
      )}
    </div>
  );
}

interface FoldedTextProps {
  text: string;
  /** The whole text as a file, for the part a huge text does not show. */
  download: { file: () => Blob; fileName: string };
}

function FoldedText({ text, download }: FoldedTextProps) {
  const [open, setOpen] = useState(false);
  const folded = useMemo(() => foldText(text, FOLD_LINES, FOLD_CHARS), [text]);
  // A fold that would hide only a few lines or characters is not offered: the text is shown.
  const foldable = useMemo(() => worthFolding(text, folded), [text, folded]);
  const whole = useMemo(() => foldText(text, Infinity, TEXT_PART_CHARS), [text]);
  const fold = open || !foldable ? whole : folded;
  return (
    <>
      <pre className="content-text">
        <AnsiText text={fold.head} />
      </pre>
      {!open && foldable && (
        <p className="fold-note">
          <span className="muted">{formatCount(fold.hiddenChars)} more characters folded.</span>
          <button type="button" onClick={() => setOpen(true)}>
            Show more
          </button>
        </p>
      )}
      {(open || !foldable) && (fold.hiddenChars > 0 || (open && foldable)) && (
        <p className="fold-note">
          {fold.hiddenChars > 0 && (
            <span className="note">
              Showing the first {formatCount(fold.head.length)} of {formatCount(text.length)} characters.{' '}
              <DownloadButton {...download} label="Download the whole text" />
            </span>
          )}
          {open && foldable && (
            <button type="button" onClick={() => setOpen(false)}>
              Fold
            </button>
          )}
        </p>
      )}
    </>
  );
}
