import { MatchFeed, feedPolicy, type FeedGame, type FeedOutput } from '@tablecast/broadcast';
import { feedInputAt } from '@tablecast/broadcast/testing';
import { b2Cga2017, bigtwoModule } from '@tablecast/bigtwo';
import { ddzCga2017, doudizhuModule } from '@tablecast/doudizhu';
import type { AnyGameModule, GameCommand, GameEvent } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { bigtwoFeed } from './bigtwo-feed';
import { doudizhuFeed } from './feed-games';

/** Either game's feed, as the spec drives it: the frames' views are not looked at here. */
type HeldFeed = FeedGame<unknown, unknown, { readonly revision: number }>;

const T0 = Date.UTC(2026, 10, 29, 1, 0, 0);
const DELAY = 10_000;

/** A match of `module` fed one command at a time: the events each records, in log order. */
class Table {
  private state: unknown;
  readonly events: GameEvent[] = [];

  constructor(private readonly module: AnyGameModule) {
    this.state = module.initialState();
  }

  run(command: GameCommand): readonly GameEvent[] {
    const decision = this.module.decide(command, this.state);
    if (!decision.ok) throw new Error(`${command.type}: ${decision.rule} ${decision.message}`);
    for (const event of decision.events) this.state = this.module.evolve(this.state, event);
    this.events.push(...decision.events);
    return decision.events;
  }
}

const GAMES = [
  {
    name: 'Dou Dizhu',
    decision: 'DEC-DDZ-5',
    module: doudizhuModule as AnyGameModule,
    feed: doudizhuFeed as unknown as HeldFeed,
    setup: {
      table: 't1',
      ruleset: ddzCga2017,
      players: [0, 1, 2].map((seat) => ({ id: `p${String(seat)}`, name: `P${String(seat)}`, seat })),
    },
  },
  {
    name: 'Big Two',
    decision: 'DEC-B2-5',
    module: bigtwoModule as AnyGameModule,
    feed: bigtwoFeed as unknown as HeldFeed,
    setup: {
      table: 't1',
      ruleset: b2Cga2017,
      players: ['S', 'E', 'N', 'W'].map((seat) => ({ id: `p${seat}`, name: `P${seat}`, seat })),
    },
  },
] as const;

const released = (outputs: readonly FeedOutput<unknown>[]): number[] =>
  outputs.flatMap((o) =>
    o.audience === 'broadcast' && o.frame.event !== null ? [o.frame.event.revision] : [],
  );

describe('a duplicate board held on the delayed broadcast until its last declared table is dealt', () => {
  for (const game of GAMES) {
    it(`${game.decision}: ${game.name} — table 1’s deal reaches its broadcast only the delay after the last table was dealt, not the delay after its own deal`, () => {
      const duplicate = game.module.duplicate;
      if (duplicate === undefined) throw new Error(`${game.name} deals no duplicate boards`);
      const table = new Table(game.module);
      table.run(game.module.setup.command(game.setup, T0));
      const order = duplicate.order('held-seed');
      const dealtAt = T0 + 1_000;
      table.run(duplicate.dealCommand({ number: 1, order, salt: 'held-salt', held: true }, dealtAt));
      const feed = new MatchFeed(feedPolicy('held_t1', { broadcastDelayMs: DELAY }), { game: game.feed });
      const inputs = table.events.map((event, revision) =>
        feedInputAt(event, revision, revision === 0 ? T0 : dealtAt),
      );
      const appended = inputs.flatMap((input) => feed.append(input, input.recordedAtMs));
      expect(released(appended)).toEqual([]);
      // The delay after table 1's own deal: only the match's creation is on air, no card of the board.
      expect(released(feed.tick(dealtAt + DELAY))).toEqual([0]);
      expect(feed.nextWakeAt()).toBeNull();
      expect(released(feed.tick(dealtAt + 5 * DELAY))).toEqual([]);

      // Table 2 is dealt the board two delays after table 1: the set lifts the hold from then.
      const lastDealtAt = dealtAt + 2 * DELAY;
      const [lift] = table.run(duplicate.liftHoldCommand(1, lastDealtAt, 'dealtEverywhere'));
      if (lift === undefined) throw new Error('no lift');
      const liftRevision = table.events.length - 1;
      const liftedAt = dealtAt + 5 * DELAY + 1;
      const onLift = feed.append(feedInputAt(lift, liftRevision, liftedAt), liftedAt);
      // Lifted from the last deal's time: the delay after it has passed already, so the deal flows now.
      expect(released(onLift)).toEqual([1, 2, 3]);
      expect(released(feed.tick(dealtAt + 6 * DELAY + 1))).toEqual([liftRevision]);
    });

    it(`${game.decision}: ${game.name} — lifted before its time has come, the hold keeps the deal until the delay after the last deal`, () => {
      const duplicate = game.module.duplicate;
      if (duplicate === undefined) throw new Error(`${game.name} deals no duplicate boards`);
      const table = new Table(game.module);
      table.run(game.module.setup.command(game.setup, T0));
      const dealtAt = T0 + 1_000;
      table.run(
        duplicate.dealCommand(
          { number: 1, order: duplicate.order('held-seed-2'), salt: 'salt-2', held: true },
          dealtAt,
        ),
      );
      const lastDealtAt = dealtAt + 2 * DELAY;
      table.run(duplicate.liftHoldCommand(1, lastDealtAt, 'dealtEverywhere'));
      const feed = new MatchFeed(feedPolicy('held_t1', { broadcastDelayMs: DELAY }), { game: game.feed });
      const early = table.events.flatMap((event, revision) => {
        const at = revision === 0 ? T0 : revision === table.events.length - 1 ? lastDealtAt : dealtAt;
        return feed.append(feedInputAt(event, revision, at), at);
      });
      expect([...released(early), ...released(feed.tick(lastDealtAt + DELAY - 1))]).toEqual([0]);
      expect(feed.nextWakeAt()).toBe(lastDealtAt + DELAY);
      expect(released(feed.tick(lastDealtAt + DELAY))).toEqual([1, 2, 3, 4]);
    });

    it(`${game.decision}: ${game.name} — a board of a set without declared tables is not held`, () => {
      const duplicate = game.module.duplicate;
      if (duplicate === undefined) throw new Error(`${game.name} deals no duplicate boards`);
      const table = new Table(game.module);
      table.run(game.module.setup.command(game.setup, T0));
      const dealtAt = T0 + 1_000;
      table.run(
        duplicate.dealCommand(
          { number: 1, order: duplicate.order('free-seed'), salt: 'salt-3', held: false },
          dealtAt,
        ),
      );
      const feed = new MatchFeed(feedPolicy('free_t1', { broadcastDelayMs: DELAY }), { game: game.feed });
      table.events.forEach((event, revision) => {
        const at = revision === 0 ? T0 : dealtAt;
        feed.append(feedInputAt(event, revision, at), at);
      });
      expect(released(feed.tick(dealtAt + DELAY))).toEqual([0, 1, 2, 3]);
    });
  }
});
