import { RULESETS, playRandomMatch, type GuandanEvent, type MatchFormat } from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import { feedInputAt } from '@tablecast/broadcast/testing';
import {
  guandanEmptyProjection as emptyProjection,
  guandanProject as project,
  guandanViewFor as viewFor,
  type GuandanFeedProjection as FeedProjection,
} from '../testing/guandan-feeds';

const T0 = Date.UTC(2026, 10, 22, 4, 0, 0);

/** A random playout under `format`, folded as the feeds fold it, one event per second. */
function projected(format: MatchFormat, upTo: (event: GuandanEvent) => boolean): FeedProjection {
  const played = playRandomMatch({ ruleset: RULESETS.cga2017, format, seed: 'view-format', maxHands: 1 });
  if (!played.ok) throw new Error('playout failed');
  let projection = emptyProjection('view_format');
  for (const [revision, event] of played.events.entries()) {
    projection = project(projection, feedInputAt(event, revision, T0 + revision * 1000));
    if (upTo(event)) break;
  }
  return projection;
}

describe('viewFor: the match format (GD-FMT-1…4) is public', () => {
  it('is null before the match is created', () => {
    expect(viewFor(emptyProjection('view_format'), 'venue').format).toBeNull();
  });

  it('gives venue and broadcast the deals of a 计副制 game (GD-FMT-2) and no clock', () => {
    const projection = projected({ kind: 'fixedDeals', deals: 8 }, (e) => e.type === 'CardsDealt');
    for (const audience of ['venue', 'broadcast', 'press'])
      expect(viewFor(projection, audience).format).toEqual({
        kind: 'fixedDeals',
        deals: 8,
        minutes: null,
        startsAt: null,
        timeCalled: false,
      });
  });

  it('gives the game clock of a timed game (GD-FMT-3/4): its length and when it started', () => {
    const projection = projected(
      { kind: 'timedOrFixedDeals', deals: 6, minutes: 90 },
      (e) => e.type === 'CardsDealt',
    );
    const created = projection.match.startsAt;
    expect(viewFor(projection, 'venue').format).toEqual({
      kind: 'timedOrFixedDeals',
      deals: 6,
      minutes: 90,
      startsAt: new Date(created).toISOString(),
      timeCalled: false,
    });
    expect(
      viewFor(
        projected({ kind: 'toPastAce' }, () => false),
        'venue',
      ).format,
    ).toMatchObject({
      kind: 'toPastAce',
      deals: null,
      minutes: null,
    });
  });
});

describe('viewFor: a penalty’s referee note (PenaltyIssued `note`) only behind the delay', () => {
  it('gives broadcast the note and venue none, as the event’s public form (a note may name cards)', () => {
    const dealt = projected({ kind: 'toPastAce' }, (e) => e.type === 'CardsPlayed');
    const note = 'held ♠A and ♥A face up above the table';
    const penalty: GuandanEvent = {
      type: 'PenaltyIssued',
      data: { seat: 'S', sanction: 'warning', rule: 'GD-PEN-9', refereeId: 'r1', note },
    };
    const revision = dealt.revision + 1;
    const projection = project(dealt, feedInputAt(penalty, revision, T0 + revision * 1000));
    const broadcast = viewFor(projection, 'broadcast');
    expect(broadcast.penalties).toEqual([{ seat: 'S', sanction: 'warning', rule: 'GD-PEN-9', note }]);
    expect(broadcast.moment).toMatchObject({ kind: 'penalty', rule: 'GD-PEN-9', note });
    const venue = viewFor(projection, 'venue');
    expect(venue.penalties).toEqual([{ seat: 'S', sanction: 'warning', rule: 'GD-PEN-9', note: null }]);
    expect(venue.moment).toMatchObject({ kind: 'penalty', rule: 'GD-PEN-9', note: null });
    expect(JSON.stringify(venue)).not.toContain('♠A');
  });
});
