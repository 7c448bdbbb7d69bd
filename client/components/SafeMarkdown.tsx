import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { isSafeImageSrc } from './safeUrl';
import './safeMarkdown.css';

/**
 * Markdown written by an MCP server, in a page that holds the bridge's token: raw HTML is
 * dropped, links leave in a new tab without a Referer, images load only from https or data.
 */
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    isSafeImageSrc(src) ? <img src={src} alt={alt ?? ''} /> : <span className="muted">[image: {alt}]</span>,
};

/** Keeps data: for images (checked again above); everything else goes through the default filter. */
function urlTransform(url: string, key: string): string {
  if (key === 'src' && isSafeImageSrc(url)) return url;
  return defaultUrlTransform(url);
}

interface SafeMarkdownProps {
  text: string;
  className?: string;
  /** For aria-describedby: a field's description is its control's description. */
  id?: string;
}

export function SafeMarkdown({ text, className, id }: SafeMarkdownProps) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'} id={id}>
      <Markdown skipHtml components={components} urlTransform={urlTransform}>
        {text}
      </Markdown>
    </div>
  );
}
