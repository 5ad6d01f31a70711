import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../sign-in/testing';
import { producerToken } from './producer-token';

describe('producer token', () => {
  it('takes the token from the fragment and keeps it under its own key', () => {
    const storage = memoryStorage();
    storage.items.set('tablecast.console.token', 'operator-token');
    expect(producerToken.take('#token=prod-1', storage)).toEqual({ token: 'prod-1', fromHash: true });
    expect(storage.items.get('tablecast.producer.token')).toBe('prod-1');
    expect(storage.items.get('tablecast.console.token')).toBe('operator-token');
  });

  it('falls back to the stored token, and forgets it on sign-out', () => {
    const storage = memoryStorage();
    expect(producerToken.take('', storage)).toEqual({ token: null, fromHash: false });
    producerToken.remember('prod-2', storage);
    expect(producerToken.take('#other=1', storage)).toEqual({ token: 'prod-2', fromHash: false });
    producerToken.forget(storage);
    expect(producerToken.take('', storage).token).toBeNull();
  });
});
