import { describe, expect, it } from 'vitest';
import type { ParseInput } from './game-wire';
import type { TournamentTableInput } from './tournament-match';
import { gameWire } from './wires';

/** The strict parse: the game's own create schema, throwing on any issue. */
const parse: ParseInput = (schema, value) => schema.parse(value);

const extraDeal = (onTopOf?: TournamentTableInput['onTopOf']): TournamentTableInput => ({
  tournament: { tournamentId: 'open', ruleset: 'cga2017', unit: { games: 1, bestOf: false } },
  table: { number: 1, venueTable: 't1', matchId: 'open.r1.t1.g3.x' },
  seated: [
    { entrant: 'P1', name: 'Ann/Bo' },
    { entrant: 'P2', name: 'Cy/Di' },
  ],
  ...(onTopOf === undefined ? {} : { onTopOf }),
});

/** The create command as POST /api/matches reads the built body. */
function command(input: TournamentTableInput): Record<string, unknown> {
  const built = gameWire('guandan').tournamentMatch(input);
  if (!built.ok) throw new Error(`${built.path}: ${built.message}`);
  return gameWire('guandan').readCreate(built.body, parse).command(0) as unknown as Record<string, unknown>;
}

describe('the Guandan extra deal on top of a level game (TRN-KO-5 (b), DEC-GD-15)', () => {
  it('DEC-GD-15: the extra deal is created at the level both pairs stood on when the game ended', () => {
    expect(command(extraDeal({ standings: ['9', '9'] }))).toMatchObject({
      type: 'CreateMatch',
      format: { kind: 'fixedDeals', deals: 1 },
      startLevel: '9',
    });
    expect(command(extraDeal({ standings: ['A', 'A'] }))).toMatchObject({ startLevel: 'A' });
  });

  it('GD-LVL-2: a game not played on top of another starts at 2 (no start level)', () => {
    expect(command(extraDeal())).not.toHaveProperty('startLevel');
  });

  it('DEC-GD-15: a game whose result gave no level, or unequal ones, leaves the extra deal at 2', () => {
    expect(command(extraDeal({ standings: [null, null] }))).not.toHaveProperty('startLevel');
    expect(command(extraDeal({ standings: ['9', 'T'] }))).not.toHaveProperty('startLevel');
    expect(command(extraDeal({ standings: ['A+', 'A+'] }))).not.toHaveProperty('startLevel');
  });

  it('GD-LVL-1: the create request refuses a start level that is not 2…A, naming the field', () => {
    const built = gameWire('guandan').tournamentMatch(extraDeal());
    if (!built.ok) throw new Error(built.message);
    expect(() => gameWire('guandan').readCreate({ ...built.body, startLevel: '10' }, parse)).toThrow(
      /startLevel/,
    );
  });
});
