import { idSchema } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { newRecordId, systemEntropy } from './clock';

describe('newRecordId', () => {
  it('prefixes the token and turns base64url dashes into underscores, so the id passes idSchema', () => {
    expect(newRecordId({ token: () => 'a-b_c-9' }, 'ap')).toBe('ap_a_b_c_9');
    for (let i = 0; i < 50; i += 1)
      expect(idSchema.safeParse(newRecordId(systemEntropy, 'sc')).success).toBe(true);
  });
});
