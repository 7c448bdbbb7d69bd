/**
 * `https://user:secret@host/mcp`: fetch refuses a URL with credentials in it, and so would every
 * request of the SDK's transports. They are sent the way browsers and curl send them, as HTTP
 * Basic authorization, unless the person gave an Authorization header of their own.
 */
export function moveUrlCredentials(
  url: URL,
  headers: Record<string, string>,
): { url: URL; headers: Record<string, string> } {
  if (url.username === '' && url.password === '') return { url, headers };
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization'))
    return { url: bare, headers };
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return {
    url: bare,
    headers: { ...headers, Authorization: `Basic ${Buffer.from(pair).toString('base64')}` },
  };
}
