import { playRandomMatch, RULESETS, type GuandanEvent } from '@tablecast/guandan/testing';
import type { FeedEvent } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { dealStory } from './deal-story';
import { verifyDeal } from '../../../lib/watch/verify-deal';

/** Six deals played by the rules engine's random bots: tributes, bombs and double-downs among them. */
const played = playRandomMatch({
  ruleset: { ...RULESETS.cga2017 },
  format: { kind: 'fixedDeals', deals: 6 },
  seed: 'deal-story',
});
if (!played.ok) throw new Error(played.violation.message);

/** The events of each deal, from its HandStarted to the next, as the feed's events carry them. */
const deals: FeedEvent[][] = [];
played.events.forEach((event: GuandanEvent, revision) => {
  const feedEvent: FeedEvent = { type: event.type, data: event.data, revision, position: '', recordedAt: '' };
  if (event.type === 'HandStarted') deals.push([]);
  deals.at(-1)?.push(feedEvent);
});

const ofType = (events: readonly FeedEvent[], type: string): unknown[] =>
  events.filter((e) => e.type === type).map((e) => e.data);

describe('a finished deal, trick by trick', () => {
  it('keeps every play and pass of every deal, in order, each trick led by its leader', () => {
    expect(deals).toHaveLength(6);
    for (const events of deals) {
      const story = dealStory(events);
      const turns = events
        .filter((e) => e.type === 'CardsPlayed' || e.type === 'Passed')
        .map((e) => e.data as { seat: string; cards?: string[] });
      const told = story.tricks.flatMap((t) => t.turns);
      expect(told.map((t) => t.seat)).toEqual(turns.map((t) => t.seat));
      expect(told.map((t) => (t.kind === 'play' ? t.cards : undefined))).toEqual(turns.map((t) => t.cards));
      for (const trick of story.tricks) {
        const lead = trick.turns[0];
        expect(lead?.kind, `trick ${String(trick.number)} starts with a play`).toBe('play');
        expect(lead?.seat).toBe(trick.leader);
      }
      const won = ofType(events, 'TrickWon') as { seat: string }[];
      expect(story.tricks.filter((t) => t.winner !== null).map((t) => t.winner)).toEqual(
        won.map((w) => w.seat),
      );
    }
  });

  it('says who went out in which trick, in finishing order, and the result', () => {
    for (const events of deals) {
      const story = dealStory(events);
      const finished = ofType(events, 'PlayerFinished') as { seat: string; place: number }[];
      expect(story.out.map((o) => [o.seat, o.place])).toEqual(finished.map((f) => [f.seat, f.place]));
      for (const o of story.out) {
        expect(story.tricks[o.trick - 1]?.out).toContainEqual({ seat: o.seat, place: o.place });
      }
      const ended = ofType(events, 'HandEnded')[0] as { places: string[]; winningTeam: string };
      expect(story.result).toMatchObject({ places: ended.places, winningTeam: ended.winningTeam });
    }
  });

  it('counts the bombs: bombs, straight flushes and four jokers, nothing else', () => {
    let total = 0;
    for (const events of deals) {
      const story = dealStory(events);
      const bombs = (ofType(events, 'CardsPlayed') as { as: { type: string } }[]).filter((p) =>
        ['bomb', 'straightFlush', 'fourJokers'].includes(p.as.type),
      ).length;
      expect(story.bombs).toBe(bombs);
      total += bombs;
    }
    expect(total, 'the seeded playout has bombs to count').toBeGreaterThan(0);
  });

  it('pairs each tribute with its receiver and the card returned', () => {
    const withTribute = deals.filter((events) => ofType(events, 'TributeGiven').length > 0);
    expect(withTribute.length, 'the seeded playout pays a tribute').toBeGreaterThan(0);
    for (const events of withTribute) {
      const story = dealStory(events);
      const given = ofType(events, 'TributeGiven') as { from: string; card: string }[];
      const returned = ofType(events, 'TributeReturned') as { from: string; to: string; card: string }[];
      expect(story.tribute.paid.map((p) => [p.from, p.card])).toEqual(given.map((g) => [g.from, g.card]));
      for (const tribute of story.tribute.paid) {
        expect(tribute.to).not.toBeNull();
        const back = returned.find((r) => r.from === tribute.to && r.to === tribute.from);
        expect(tribute.returned).toBe(back?.card);
      }
    }
  });

  it('carries the deck’s commitment and reveal, which verify', async () => {
    const story = dealStory(deals[2] ?? []);
    const { commitment, order, salt } = story.deck;
    if (commitment === null || order === null || salt === null) throw new Error('deal 3 has no reveal');
    expect(await verifyDeal({ commitment, order, salt })).toBe(true);
    expect(story.handNumber).toBe(3);
  });
});
