import { describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { positionOf } from '../position';
import { checkPublishedHead, parsePublishedHeads, publishedHeads } from './published-heads';
import { sealBatch } from './seal';

const unsealed = (n: number): UnsealedEvent => numberedPass(n, 'chain');

const stream: StoredEvent[] = sealBatch('match-a', -1, null, [0, 1, 2].map(unsealed)).map((e, i) => ({
  stream: 'match-a',
  ...e,
  position: positionOf(i + 1),
}));
const at = (revision: number): StoredEvent | undefined => stream[revision];
const hashAt = (revision: number): string => at(revision)?.metadata.hash ?? '';

describe('published stream heads', () => {
  it('round-trips through the file format', () => {
    const heads = [{ stream: 'match-a', revision: 1, hash: hashAt(1) }];
    const file = JSON.parse(JSON.stringify(publishedHeads('SQLite /x', new Date(0), heads))) as unknown;
    expect(parsePublishedHeads(file)).toEqual({ ok: true, heads });
  });

  it('refuses a malformed file with the field named', () => {
    expect(parsePublishedHeads({ format: 'other', heads: [] })).toMatchObject({
      ok: false,
      error: /^format:/,
    });
    expect(
      parsePublishedHeads({
        format: 'tablecast-stream-heads/1',
        heads: [{ stream: 'm', revision: -1, hash: '' }],
      }),
    ).toEqual({ ok: false, error: 'heads[0].revision: expected a revision (integer ≥ 0)' });
  });

  it('accepts a stream that grew past its published head', () => {
    expect(
      checkPublishedHead({ stream: 'match-a', revision: 1, hash: hashAt(1) }, at(1), at(2)),
    ).toBeUndefined();
  });

  it('names a stream that no longer reaches its published head, or forked before it', () => {
    expect(
      checkPublishedHead({ stream: 'match-a', revision: 5, hash: hashAt(2) }, undefined, at(2)),
    ).toMatchObject({
      stream: 'match-a',
      revision: 2,
      position: '3',
      kind: 'truncated',
      actual: 'last event at revision 2',
    });
    expect(
      checkPublishedHead({ stream: 'match-a', revision: 1, hash: hashAt(0) }, at(1), at(2)),
    ).toMatchObject({
      revision: 1,
      kind: 'head-mismatch',
      actual: `hash ${hashAt(1)}`,
    });
    expect(
      checkPublishedHead({ stream: 'match-b', revision: 0, hash: hashAt(0) }, undefined, undefined),
    ).toMatchObject({ kind: 'truncated', position: 'none', actual: 'no events' });
  });
});
