import { memo, useState } from 'react';
import { DownloadButton } from '../../components/DownloadButton';
import { downloadName } from '../../components/download';
import { formatCount } from '../../components/format';
import { SafeMarkdown } from '../../components/SafeMarkdown';
import { nextPartEnd, SKILL_PART_CHARS } from './markdownParts';

/** One part, rendered once: a part shown stays as it is when the next one is added. */
const MarkdownPart = memo(SafeMarkdown);

/**
 * A SKILL.md body, rendered a part at a time as large results are shown: the first part, then
 * one more on each "Show more", and the whole file in the download. Markdown of megabytes
 * rendered at once held the page for 20–25 s; a part costs a few ms, whatever the file's size.
 * Mount it with a key per file: its parts are of one text.
 */
export function SkillBody({ text, uri }: { text: string; uri: string }) {
  const [ends, setEnds] = useState<number[]>(() => [nextPartEnd(text, 0, SKILL_PART_CHARS)]);
  const shown = ends[ends.length - 1] ?? 0;
  const showMore = (): void =>
    setEnds((previous) => [...previous, nextPartEnd(text, shown, SKILL_PART_CHARS)]);
  return (
    <>
      {ends.map((end, index) => (
        <MarkdownPart key={index} className="skill-body" text={text.slice(ends[index - 1] ?? 0, end)} />
      ))}
      {shown < text.length && (
        <p className="skill-more" role="note" aria-label="Shown of SKILL.md">
          <span className="note">
            Showing the first {formatCount(shown)} of {formatCount(text.length)} characters.
          </span>
          <button type="button" onClick={showMore}>
            Show more
          </button>
          <DownloadButton
            file={() => new Blob([text], { type: 'text/markdown' })}
            fileName={downloadName('SKILL', 'text/markdown', uri)}
            label="Download the whole file"
          />
        </p>
      )}
    </>
  );
}
