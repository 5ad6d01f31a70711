import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalog } from '../catalog/catalog';
import { pastVersion } from '../catalog/definition';
import { matchCreatedEvent } from './match-created';

/** A game's MatchCreated from before the platform's, as a registry would describe it: no game, no seats. */
const readV1 = pastVersion(
  1,
  z.object({
    table: z.string(),
    players: z.array(z.object({ id: z.string(), name: z.string(), seat: z.string() })),
  }),
  (data) => ({ ...data, game: 'toy', seats: ['A', 'B'], ruleset: { name: 'plain' } }),
);

describe('the platform MatchCreated, read back from the version before it', () => {
  it('is written as v2 and reads v1 with the reader the registry passes in', () => {
    const catalog = createCatalog([matchCreatedEvent(readV1)]);
    expect(catalog.definition('MatchCreated')?.version).toBe(2);
    const players = [{ id: 'p1', name: 'P1', seat: 'A' }];
    expect(catalog.upcast('MatchCreated', 1, { table: 't1', players })).toEqual({
      ok: true,
      value: {
        type: 'MatchCreated',
        data: { table: 't1', players, game: 'toy', seats: ['A', 'B'], ruleset: { name: 'plain' } },
      },
    });
  });

  it('refuses a reader of any version but v1, so a MatchCreated written today is never stored as v1', () => {
    const v2 = pastVersion(2, z.object({}), (data) => data);
    expect(() => matchCreatedEvent(v2)).toThrow(/MatchCreated: .* is v1, not v2/);
  });
});
