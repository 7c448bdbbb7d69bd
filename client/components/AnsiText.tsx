import { useMemo, type CSSProperties } from 'react';
import { parseAnsi, type AnsiStyle } from './ansi';
import './ansiText.css';

/** A text with its ANSI colours drawn (and its other escapes dropped), as plain text otherwise. */
export function AnsiText({ text }: { text: string }) {
  const segments = useMemo(() => parseAnsi(text), [text]);
  if (segments.length === 1 && Object.keys(segments[0]?.style ?? {}).length === 0) return <>{text}</>;
  return (
    <>
      {segments.map((segment, index) => {
        const { className, style } = styleOf(segment.style);
        return className || style ? (
          <span key={index} className={className} style={style}>
            {segment.text}
          </span>
        ) : (
          segment.text
        );
      })}
    </>
  );
}

function styleOf(ansi: AnsiStyle): { className: string | undefined; style: CSSProperties | undefined } {
  const classes: string[] = [];
  const style: CSSProperties = {};
  if (ansi.color?.startsWith('ansi-')) classes.push(`${ansi.color}-fg`);
  else if (ansi.color) style.color = ansi.color;
  if (ansi.background?.startsWith('ansi-')) classes.push(`${ansi.background}-bg`);
  else if (ansi.background) style.backgroundColor = ansi.background;
  if (ansi.bold) classes.push('ansi-bold');
  if (ansi.dim) classes.push('ansi-dim');
  if (ansi.italic) classes.push('ansi-italic');
  if (ansi.underline) classes.push('ansi-underline');
  return {
    className: classes.length > 0 ? classes.join(' ') : undefined,
    style: Object.keys(style).length > 0 ? style : undefined,
  };
}
