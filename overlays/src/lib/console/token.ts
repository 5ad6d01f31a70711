const STORAGE_KEY = 'tablecast.console.token';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The operator token comes in the URL fragment (`#token=…`, never sent to a server, never in
 * logs) or from the sign-in form, and is kept in sessionStorage for this tab only. The fragment is
 * removed from the address bar once read so it does not linger on screen.
 */
export function takeToken(hash: string, storage: StorageLike): { token: string | null; fromHash: boolean } {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const fromHash = params.get('token');
  if (fromHash !== null && fromHash.length > 0) {
    storage.setItem(STORAGE_KEY, fromHash);
    return { token: fromHash, fromHash: true };
  }
  return { token: storage.getItem(STORAGE_KEY), fromHash: false };
}

export function rememberToken(token: string, storage: StorageLike): void {
  storage.setItem(STORAGE_KEY, token);
}

export function forgetToken(storage: StorageLike): void {
  storage.removeItem(STORAGE_KEY);
}
