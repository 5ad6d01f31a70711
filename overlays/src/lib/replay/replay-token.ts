const STORAGE_KEY = 'tablecast.replay.token';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The arbiter's token arrives in the URL fragment (`#token=…`, never sent to a server) like the
 * console's, and is kept in this tab's sessionStorage; the page removes the fragment once read.
 */
export function takeReplayToken(
  hash: string,
  storage: StorageLike,
): { token: string | null; fromHash: boolean } {
  const fromHash = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).get('token');
  if (fromHash !== null && fromHash.length > 0) {
    storage.setItem(STORAGE_KEY, fromHash);
    return { token: fromHash, fromHash: true };
  }
  return { token: storage.getItem(STORAGE_KEY), fromHash: false };
}
