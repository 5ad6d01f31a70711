import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import type { CreateMatch } from './commands';
import { evolve } from './evolve';
import { initialState } from './state';
import { SEATS } from '../model/seats';
import { cga2017 } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';

const create = (startLevel?: string): CreateMatch => ({
  type: 'CreateMatch',
  ruleset: cga2017,
  format: { kind: 'fixedDeals', deals: 1 },
  teams: { NS: { id: 'ns', name: 'NS' }, EW: { id: 'ew', name: 'EW' } },
  table: 'T1',
  players: SEATS.map((seat) => ({ id: `p-${seat}`, name: seat, seat })),
  ...(startLevel === undefined ? {} : { startLevel: startLevel as CreateMatch['startLevel'] }),
  now: 0,
});

/** A game created from `cmd`, its first deal dealt. */
function dealtFrom(cmd: CreateMatch): Scenario {
  const s = new Scenario(initialState());
  s.must(cmd);
  const dealt = s.deal({});
  if (!dealt.ok) throw new Error(dealt.message);
  return s;
}

describe('a game started from a given level (GD-LVL-1, DEC-GD-15)', () => {
  it('DEC-GD-15: both pairs stand at the start level and the first deal is played at it', () => {
    const s = dealtFrom(create('9'));
    expect(s.state.levels).toEqual({ NS: 7, EW: 7 });
    const started = s.events.find((e) => e.type === 'HandStarted');
    expect(started?.type === 'HandStarted' && started.data.level).toBe('9');
    expect(started?.type === 'HandStarted' && started.data.levels).toEqual({ NS: 7, EW: 7 });
  });

  it('DEC-GD-15: the first deal from a start level has no tribute and its lead goes to the turned card (GD-LEAD-1)', () => {
    const s = dealtFrom(create('K'));
    const started = s.events.find((e) => e.type === 'HandStarted');
    expect(started?.type === 'HandStarted' && started.data.tribute).toBe('none');
    expect(s.events.some((e) => e.type === 'FirstLeadCut')).toBe(true);
    expect(s.events.find((e) => e.type === 'LeadAssigned')?.data).toMatchObject({ reason: 'cutCard' });
    expect(s.state.hand?.phase).not.toBe('tribute');
  });

  it('GD-LVL-2: without a start level a game starts at 2', () => {
    const s = dealtFrom(create());
    expect(s.state.levels).toEqual({ NS: 0, EW: 0 });
    const created = s.events.find((e) => e.type === 'MatchCreated');
    expect(created?.data).not.toHaveProperty('startLevel');
    expect(s.state.hand?.level).toBe('2');
  });

  it('GD-LVL-1: the start level is recorded on MatchCreated, so a replay starts from it', () => {
    const s = new Scenario(initialState());
    const [created] = s.must(create('A'));
    expect(created?.type === 'MatchCreated' && created.data.startLevel).toBe('A');
    if (created === undefined) throw new Error('no MatchCreated');
    expect(evolve(initialState(), created).levels).toEqual({ NS: 12, EW: 12 });
  });

  it('GD-LVL-1: a start level that is no level from 2 to A is refused', () => {
    for (const level of ['1', '10', 'A+', 'BJ']) {
      const decision = decide(create(level), initialState());
      expect(decision.ok, level).toBe(false);
      if (!decision.ok) expect(decision.rule).toBe('GD-LVL-1');
    }
  });
});
