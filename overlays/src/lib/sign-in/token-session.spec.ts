import { describe, expect, it } from 'vitest';
import { tabToken } from './tab-token';
import { memoryStorage } from './testing';
import { TokenSession } from './token-session.svelte';

describe('TokenSession', () => {
  it('starts with the token the page was opened with', () => {
    const session = new TokenSession<'refused'>(tabToken('k'), memoryStorage(), 'from-fragment');
    expect(session.token).toBe('from-fragment');
    expect(session.refused).toBeNull();
  });

  it('keeps a signed-in token for this tab, and forgets it with the reason on sign-out', () => {
    const storage = memoryStorage();
    const session = new TokenSession<'unauthorized' | 'forbidden'>(tabToken('k'), storage, null);
    session.signIn('typed-token');
    expect(session.token).toBe('typed-token');
    expect(storage.items.get('k')).toBe('typed-token');
    session.signOut('forbidden');
    expect(session.token).toBeNull();
    expect(session.refused).toBe('forbidden');
    expect(storage.items.has('k')).toBe(false);
    session.signIn('next-token');
    expect(session.refused).toBeNull();
  });
});
