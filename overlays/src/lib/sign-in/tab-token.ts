type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where a staff page keeps its token, and how it takes it from the address. */
export interface TabToken {
  /** The fragment's `token` (kept for this tab), else the one this tab kept before. */
  readonly take: (
    hash: string,
    storage: Pick<StorageLike, 'getItem' | 'setItem'>,
  ) => { token: string | null; fromHash: boolean };
  readonly remember: (token: string, storage: StorageLike) => void;
  readonly forget: (storage: StorageLike) => void;
}

/**
 * A staff page's token comes in the URL fragment (`#token=…`, never sent to a server, never in
 * logs) or from its sign-in form, and is kept in this tab's sessionStorage only, under the page's
 * own `key`, so a console, producer or replay tab in the same browser keeps its own token. The page
 * removes the fragment from the address bar once read.
 */
export function tabToken(key: string): TabToken {
  return {
    take(hash, storage) {
      const fromHash = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).get('token');
      if (fromHash !== null && fromHash.length > 0) {
        storage.setItem(key, fromHash);
        return { token: fromHash, fromHash: true };
      }
      return { token: storage.getItem(key), fromHash: false };
    },
    remember(token, storage) {
      storage.setItem(key, token);
    },
    forget(storage) {
      storage.removeItem(key);
    },
  };
}

/**
 * The page's token at start: taken from the address (then dropped from the address bar at once:
 * the fragment is never sent to a server, but it should not linger on screen) or this tab's storage.
 */
export function takeTokenFromAddress(kept: TabToken): string | null {
  const { token, fromHash } = kept.take(window.location.hash, window.sessionStorage);
  if (fromHash) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  return token;
}
