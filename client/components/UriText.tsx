import { Fragment } from 'react';

/**
 * Where a URI may wrap: after a path or query separator (not inside `://`), and inside a long
 * segment after a `-`, `_` or `.`. The text itself is unchanged (a <wbr> adds no characters).
 */
const BREAKS = /(?<=[/?&#=](?!\/))|(?<=[-_.])(?=[^-_.])/;

export function uriParts(uri: string): string[] {
  return uri.split(BREAKS).filter((part) => part !== '');
}

/** A URI that wraps at sensible places instead of mid-word. */
export function UriText({ uri }: { uri: string }) {
  const parts = uriParts(uri);
  return (
    <span className="uri-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
