import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tablecastCatalog } from './catalog/tablecast-catalog';
import { gameModule } from './registry';

/**
 * The MatchCreated of the data dir recorded before the game-module seam, as the registry keeps it
 * (its upcaster's fixture, see catalog/match-created-upcast.spec.ts): Guandan's shape,
 * schemaVersion 1, no `game` and no `seats`. Here the registry's Guandan module folds what the
 * platform upcaster makes of it.
 */
const storedV1 = JSON.parse(
  readFileSync(join(__dirname, '..', 'fixtures', 'match-created.v1.stored.json'), 'utf8'),
) as { type: string; data: Record<string, unknown> };

describe('the platform MatchCreated upcast from a stored Guandan one', () => {
  it('gives the Guandan module an event it folds as it folded the stored one', () => {
    const result = tablecastCatalog.upcast(storedV1.type, 1, storedV1.data);
    if (!result.ok) throw new Error('the fixture does not read');
    const guandan = gameModule('guandan');
    const ownSchema = guandan.events.find((definition) => definition.type === 'MatchCreated')?.schema;
    expect(ownSchema?.safeParse(result.value).error).toBeUndefined();
    const state = guandan.evolve(guandan.initialState(), result.value) as {
      status: string;
      players: Record<string, string>;
    };
    expect(state.status).toBe('betweenHands');
    expect(state.players).toEqual({ S: 'zhang-wei', E: 'li-na', N: 'wang-fang', W: 'liu-yang' });
  });
});
