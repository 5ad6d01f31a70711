import type { TabToken } from './tab-token';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A staff page's sign-in state: the token in use (null: the page shows its sign-in form) and why
 * the last one was refused. A token signed in with is kept for this tab; signing out (a refused
 * token, or the person at the desk) forgets it.
 */
export class TokenSession<Reason extends string> {
  token = $state<string | null>(null);
  refused = $state<Reason | null>(null);
  readonly #kept: TabToken;
  readonly #storage: StorageLike;

  constructor(kept: TabToken, storage: StorageLike, initialToken: string | null) {
    this.#kept = kept;
    this.#storage = storage;
    this.token = initialToken;
  }

  signIn(token: string): void {
    this.#kept.remember(token, this.#storage);
    this.refused = null;
    this.token = token;
  }

  signOut(reason: Reason | null): void {
    this.#kept.forget(this.#storage);
    this.refused = reason;
    this.token = null;
  }
}
