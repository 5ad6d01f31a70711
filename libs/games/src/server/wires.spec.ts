import { ddzCga2017 } from '@tablecast/doudizhu';
import { describe, expect, it } from 'vitest';
import { gameArbitration } from '../arbitration';
import { rulesOracle } from '../oracles';
import { GAMES, UnknownGameError } from '../registry';
import { DEFAULT_GAME, gameWire, gameWires } from './wires';

describe('each registered game on the server’s side', () => {
  it('has its wire forms, its arbitration and its rules oracle; an unknown game is named', () => {
    expect(gameWires().map((wire) => wire.id)).toEqual([...GAMES.keys()]);
    for (const id of GAMES.keys()) {
      expect(gameWire(id).module).toBe(GAMES.get(id));
      expect(typeof gameArbitration(id).replayDetail).toBe('function');
      expect(typeof rulesOracle(id)).toBe('function');
    }
    expect(DEFAULT_GAME).toBe('guandan');
    expect(() => gameWire('mahjong')).toThrow(UnknownGameError);
    expect(() => gameArbitration('mahjong')).toThrow(UnknownGameError);
    expect(() => rulesOracle('mahjong')).toThrow(UnknownGameError);
  });

  it('declares who may send each command: an appeal’s decision is the referee’s (DDZ-APL-2), a play the table’s', () => {
    const ddz = gameWire('doudizhu');
    expect(ddz.rolesOf('DecideAppeal')).toEqual(['referee']);
    expect(ddz.rolesOf('IssuePenalty')).toEqual(['referee']);
    expect(ddz.rolesOf('PlayCards')).toEqual(expect.arrayContaining(['operator', 'referee']));
    expect(ddz.rolesOf('CreateMatch')).toEqual([]);
    expect(ddz.rolesOf('toString')).toEqual([]);
    const guandan = gameWire('guandan');
    expect(guandan.rolesOf('ConfirmCorrection')).toEqual(['referee']);
    expect(guandan.rolesOf('RequestCorrection')).toEqual(['operator', 'referee']);
    expect(guandan.rolesOf('constructor')).toEqual([]);
  });

  it('offers keying corrections to Guandan (a deal opens with HandStarted) and not to Dou Dizhu', () => {
    expect(gameWire('guandan').keyingCorrections).toEqual({ dealStartEvent: 'HandStarted' });
    expect(gameWire('doudizhu').keyingCorrections).toBeUndefined();
  });

  it('adds the server’s fields to a Dou Dizhu command, and documents the command without them', () => {
    const ddz = gameWire('doudizhu');
    const parse = <T>(schema: { parse: (value: unknown) => T }, value: unknown): T => schema.parse(value);
    const server = { now: () => 1_000, token: (length: number) => 'x'.repeat(length), actorId: 'referee:1' };
    const deal = ddz.deciderCommand({ type: 'DealBoard', board: 1 }, server, parse);
    expect(deal).toMatchObject({
      type: 'DealBoard',
      board: 1,
      seed: 'x'.repeat(16),
      salt: 'x'.repeat(32),
      now: 1_000,
    });
    const documented = ddz.commandSchema.safeParse({
      game: 'doudizhu',
      revision: 3,
      idempotencyKey: 'ddz-key-0001',
      command: { type: 'Bid', seat: 0, bid: 1 },
    });
    expect(documented.error).toBeUndefined();
    expect(
      ddz.commandSchema.safeParse({
        game: 'doudizhu',
        revision: 3,
        idempotencyKey: 'ddz-key-0001',
        command: {
          type: 'CreateMatch',
          table: 't1',
          ruleset: ddzCga2017,
          players: [0, 1, 2].map((seat) => ({ id: `p${String(seat)}`, name: `P${String(seat)}`, seat })),
        },
      }).success,
    ).toBe(false);
  });
});
