import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../sign-in/testing';
import { forgetProducerToken, rememberProducerToken, takeProducerToken } from './producer-token';

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
