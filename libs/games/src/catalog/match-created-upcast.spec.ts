import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tablecastCatalog } from './tablecast-catalog';

/**
 * The MatchCreated of the data dir recorded before the game-module seam
 * (apps/server/fixtures/data-dir-v1), copied out with its envelope: Guandan's shape, schemaVersion
 * 1, no `game` and no `seats`.
 */
const storedV1 = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'match-created.v1.stored.json'), 'utf8'),
) as { type: string; data: Record<string, unknown>; metadata: { schemaVersion: number } };

describe('the platform MatchCreated', () => {
  it('reads the Guandan MatchCreated stored before the seam as a Guandan game’s, every field kept', () => {
    expect(storedV1.metadata.schemaVersion).toBe(1);
    expect(storedV1.data).not.toHaveProperty('game');
    expect(tablecastCatalog.definition('MatchCreated')?.version).toBe(2);
    const result = tablecastCatalog.upcast(storedV1.type, storedV1.metadata.schemaVersion, storedV1.data);
    expect(result).toEqual({
      ok: true,
      value: {
        type: 'MatchCreated',
        data: { ...storedV1.data, game: 'guandan', seats: ['S', 'E', 'N', 'W'] },
      },
    });
  });

  it('refuses v1 data that was never a Guandan MatchCreated, naming the event', () => {
    const withoutTeams = Object.fromEntries(
      Object.entries(storedV1.data).filter(([name]) => name !== 'teams'),
    );
    const result = tablecastCatalog.upcast('MatchCreated', 1, withoutTeams);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.issues[0]?.message).toMatch(/^MatchCreated v1: /);
  });

  it('validates the current version for any game: the platform’s fields, the game’s kept beside them', () => {
    const ddz = {
      type: 'MatchCreated',
      data: {
        game: 'doudizhu',
        table: 't2',
        seats: ['0', '1', '2'],
        ruleset: { name: 'cga2017', bidSeconds: 25 },
        players: [
          { id: 'a', name: 'A', seat: 0 },
          { id: 'b', name: 'B', seat: 1 },
          { id: 'c', name: 'C', seat: 2 },
        ],
        createdAt: 1,
      },
    };
    expect(tablecastCatalog.validate(ddz)).toEqual({ ok: true, value: ddz });
    const withoutGame = { ...ddz, data: { ...ddz.data, game: undefined } };
    const refused = tablecastCatalog.validate(withoutGame);
    expect(refused.ok ? [] : refused.issues.map((issue) => issue.path)).toEqual(['data.game']);
  });
});
