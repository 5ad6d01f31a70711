import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actorIdsOf } from './actor-ids';
import type { TokenEntry } from '../config/token-spec';

const hex6 = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 6);

describe('actorIdsOf: each token its own actor id', () => {
  it('names a token alone in its role (and table) by them', () => {
    const entries: TokenEntry[] = [
      { role: 'referee', table: null, token: 'referee-token-0000001' },
      { role: 'operator', table: 't1', token: 'operator-t1-token-0001' },
      { role: 'operator', table: '*', token: 'operator-all-token-001' },
    ];
    expect(actorIdsOf(entries)).toEqual(['referee', 'operator:t1', 'operator:*']);
  });

  it('labels two consoles of one table apart by their token digests, never by the tokens', () => {
    const main = 'operator-t1-main-console';
    const backup = 'operator-t1-backup-console';
    const ids = actorIdsOf([
      { role: 'operator', table: 't1', token: main },
      { role: 'operator', table: 't1', token: backup },
      { role: 'operator', table: 't2', token: 'operator-t2-token-0001' },
    ]);
    expect(ids).toEqual([`operator:t1#${hex6(main)}`, `operator:t1#${hex6(backup)}`, 'operator:t2']);
    expect(ids.join()).not.toContain('console');
  });

  it('labels two tokens of one staff role too, and keeps a label stable whatever the order', () => {
    const a = { role: 'referee', table: null, token: 'referee-desk-a-token' } as const;
    const b = { role: 'referee', table: null, token: 'referee-desk-b-token' } as const;
    expect(actorIdsOf([a, b])).toEqual([`referee#${hex6(a.token)}`, `referee#${hex6(b.token)}`]);
    expect(actorIdsOf([b, a])).toEqual([`referee#${hex6(b.token)}`, `referee#${hex6(a.token)}`]);
  });
});
