/** `/watch/<match>` → the match id (URL-decoded); null for any other path. */
export function watchMatchId(pathname: string): string | null {
  const match = /^\/watch\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
