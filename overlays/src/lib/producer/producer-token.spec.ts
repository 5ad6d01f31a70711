import { describe, expect, it } from 'vitest';
import { forgetProducerToken, rememberProducerToken, takeProducerToken } from './producer-token';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  items: Map<string, string>;
} {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

describe('producer token', () => {
  it('takes the token from the fragment and keeps it under its own key', () => {
    const storage = memoryStorage();
    storage.items.set('tablecast.console.token', 'operator-token');
    expect(takeProducerToken('#token=prod-1', storage)).toEqual({ token: 'prod-1', fromHash: true });
    expect(storage.items.get('tablecast.producer.token')).toBe('prod-1');
    expect(storage.items.get('tablecast.console.token')).toBe('operator-token');
  });

  it('falls back to the stored token, and forgets it on sign-out', () => {
    const storage = memoryStorage();
    expect(takeProducerToken('', storage)).toEqual({ token: null, fromHash: false });
    rememberProducerToken('prod-2', storage);
    expect(takeProducerToken('#other=1', storage)).toEqual({ token: 'prod-2', fromHash: false });
    forgetProducerToken(storage);
    expect(takeProducerToken('', storage).token).toBeNull();
  });
});
