const STORAGE_KEY = 'tablecast.producer.token';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The producer token comes in the URL fragment (`#token=…`, never sent to a server, never in
 * logs) or from the sign-in form, and is kept in this tab's sessionStorage only, under its own key
 * so a console or replay tab in the same browser keeps its own token.
 */
export function takeProducerToken(
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

export function rememberProducerToken(token: string, storage: StorageLike): void {
  storage.setItem(STORAGE_KEY, token);
}

export function forgetProducerToken(storage: StorageLike): void {
  storage.removeItem(STORAGE_KEY);
}
