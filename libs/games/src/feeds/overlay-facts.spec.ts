import { RULESETS, isBombClass, playRandomMatch, type GuandanEvent } from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import { feedInputAt } from '@tablecast/broadcast/testing';
import {
  guandanEmptyProjection as emptyProjection,
  guandanProject as project,
  guandanViewFor as viewFor,
  type GuandanFeedProjection as FeedProjection,
} from '../testing/guandan-feeds';

const T0 = Date.UTC(2026, 10, 22, 4, 0, 0);

/** Every projection of a random bot match, one event a second from T0. */
function fold(
  seed: string,
  ruleset = RULESETS.cga2017,
  maxHands = 6,
): { event: GuandanEvent; p: FeedProjection }[] {
  const played = playRandomMatch({ ruleset, seed, maxHands });
  if (!played.ok) throw new Error(`playout failed: ${played.violation.message}`);
  let p = emptyProjection('m1');
  return played.events.map((event, revision) => {
    p = project(p, feedInputAt(event, revision, T0 + revision * 1000));
    return { event, p };
  });
}

const steps = fold('overlay-facts');

describe('overlay facts in the view', () => {
  it('shows each seat its latest play (with the reading) or pass in the trick in progress, cleared by a new lead', () => {
    for (const { event, p } of steps) {
      const view = viewFor(p, 'venue');
      if (event.type === 'CardsPlayed' && event.data.lead) {
        expect(Object.values(view.actions).filter((a) => a !== null)).toHaveLength(1);
      }
      if (event.type === 'CardsPlayed') {
        expect(view.actions[event.data.seat]).toEqual({
          kind: 'play',
          cards: event.data.cards,
          as: event.data.as,
        });
      }
      if (event.type === 'Passed') expect(view.actions[event.data.seat]).toEqual({ kind: 'pass' });
    }
  });

  it('runs the action clock (GD-TIME-1: warning 20 s, violation 30 s) of the seat to play from the event that gave the turn', () => {
    let checked = 0;
    for (const { event, p } of steps) {
      const view = viewFor(p, 'venue');
      const turn = p.match.hand?.phase === 'play' ? p.match.hand.turn : null;
      expect(view.clock?.seat ?? null).toBe(turn);
      if (view.clock !== null && (event.type === 'CardsPlayed' || event.type === 'Passed')) {
        expect(view.clock).toMatchObject({
          since: p.asOf,
          warningSeconds: 20,
          limitSeconds: 30,
          rule: 'GD-TIME-1',
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('uses 3 minutes for the first play of a deal under 004 (GD-VAR-004-7)', () => {
    const lead = fold('overlay-004', RULESETS.house004, 1).find(({ event }) => event.type === 'LeadAssigned');
    expect(lead && viewFor(lead.p, 'broadcast').clock).toMatchObject({
      limitSeconds: 180,
      warningSeconds: null,
      rule: 'GD-VAR-004-7',
    });
  });

  it('makes a moment of every bomb-class play (bomb, straight flush, four jokers) with its revision', () => {
    const bombs = steps.filter(
      ({ event }) => event.type === 'CardsPlayed' && isBombClass(event.data.as.type),
    );
    expect(bombs.length).toBeGreaterThan(0);
    for (const { event, p } of bombs) {
      if (event.type !== 'CardsPlayed') continue;
      expect(viewFor(p, 'venue').moment).toMatchObject({
        kind: 'bomb',
        revision: p.revision,
        seat: event.data.seat,
      });
    }
  });

  it('sums up every deal (places, double-down, level change) as a moment and in the history', () => {
    const ends = steps.filter(({ event }) => event.type === 'HandEnded');
    expect(ends.length).toBeGreaterThan(1);
    for (const { event, p } of ends) {
      if (event.type !== 'HandEnded') continue;
      const view = viewFor(p, 'venue');
      expect(view.moment).toMatchObject({ kind: 'handEnd', result: { places: event.data.places } });
      expect(view.history.at(-1)).toMatchObject({
        handNumber: event.data.handNumber,
        levelsAfter: event.data.levelsAfter,
      });
      expect(view.history).toHaveLength(p.match.handsPlayed);
    }
  });

  it('shows the tribute exchange with the cards on broadcast and without them on venue (GD-TRIB-5)', () => {
    const paid = steps.filter(
      ({ event }) => event.type === 'LeadAssigned' && event.data.reason === 'tributePaid',
    );
    expect(paid.length).toBeGreaterThan(0);
    for (const { p } of paid) {
      const broadcast = viewFor(p, 'broadcast');
      const venue = viewFor(p, 'venue');
      expect(broadcast.moment?.kind).toBe('tribute');
      expect(broadcast.exchange?.given.every((g) => g.card !== null && g.to !== null)).toBe(true);
      expect(broadcast.exchange?.returned.length).toBe(broadcast.exchange?.given.length);
      expect(venue.exchange?.given.every((g) => g.card === null)).toBe(true);
      expect(venue.exchange?.returned.every((r) => r.card === null)).toBe(true);
      expect(JSON.stringify(venue.moment)).not.toMatch(/"card":"/);
    }
  });
});
