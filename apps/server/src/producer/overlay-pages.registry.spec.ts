import { createInProcessBus, type Audience, type FeedBus } from '@tablecast/bus';
import type { ControlMessage } from '@tablecast/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../clock/clock';
import { FeedWatch } from './feed-watch.service';
import { OverlayPagesRegistry, type PageLink } from './overlay-pages.registry';

/** The registry over a real in-process bus, with the clock in the test's hand. */
describe('overlay page registry: stale pages with an injected clock', () => {
  let now = 1_000_000;
  const clock: Clock = { now: () => now };
  let bus: FeedBus;
  let watch: FeedWatch;
  let registry: OverlayPagesRegistry;
  const publish = async (audience: Audience, seq: number): Promise<void> => {
    await bus.publish({ audience, matchId: 'F1', seq, payload: '{}' });
  };
  const link = (): PageLink & { got: ControlMessage[] } => {
    const got: ControlMessage[] = [];
    return { got, send: (message) => got.push(message) };
  };
  const staleOf = (page: string): boolean | undefined => registry.list().find((p) => p.page === page)?.stale;
  /** The announce (or heartbeat) of an on-air page of match F1. */
  const announceOnAir = (pageLink: PageLink, page: string, audience: string, lastSeq?: number): void => {
    registry.announce(pageLink, {
      type: 'announce',
      page,
      build: 'b',
      matchId: 'F1',
      audience,
      ...(lastSeq === undefined ? {} : { lastSeq }),
    });
  };

  beforeEach(async () => {
    now = 1_000_000;
    bus = createInProcessBus();
    watch = new FeedWatch(bus, clock);
    await watch.onModuleInit();
    registry = new OverlayPagesRegistry(watch, clock);
  });
  afterEach(async () => {
    await watch.onModuleDestroy();
    await bus.close();
  });

  it('lists what a page follows and the seat it names, as it announced them', () => {
    registry.announce(link(), {
      type: 'announce',
      page: 'lowerthird',
      build: 'b',
      matchId: 'F1',
      audience: 'broadcast',
      table: 'final-1',
      seat: 'E',
    });
    registry.announce(link(), { type: 'announce', page: 'scorebug', build: 'b', matchId: 'F1', onAir: true });
    expect(registry.list().map(({ page, table, onAir, seat }) => ({ page, table, onAir, seat }))).toEqual([
      { page: 'lowerthird', table: 'final-1', onAir: undefined, seat: 'E' },
      { page: 'scorebug', table: undefined, onAir: true, seat: undefined },
    ]);
  });

  it('a page that keeps up stays fresh; one that stops reporting new frames goes stale after 5 s', async () => {
    const table = link();
    announceOnAir(table, 'table', 'broadcast');
    await publish('broadcast', 1);
    now += 1_000;
    announceOnAir(table, 'table', 'broadcast', 1);
    await publish('broadcast', 2);
    now += 5_000;
    expect(staleOf('table')).toBe(false);
    now += 1;
    expect(staleOf('table')).toBe(true);
    announceOnAir(table, 'table', 'broadcast', 2);
    expect(staleOf('table')).toBe(false);
  });

  it('a page is judged against its own audience: venue frames do not make a broadcast page behind', async () => {
    const page = link();
    announceOnAir(page, 'moments', 'broadcast', 0);
    await publish('venue', 1);
    await publish('venue', 2);
    now += 10_000;
    registry.touch(page);
    expect(staleOf('moments')).toBe(false);
  });

  it('an unknown audience is compared with the venue feed the gateway serves it', async () => {
    const page = link();
    announceOnAir(page, 'scorebug', 'press', 0);
    await publish('venue', 1);
    now += 5_001;
    registry.touch(page);
    expect(staleOf('scorebug')).toBe(true);
  });

  it('silence: any message keeps a page fresh, 15 s without one makes it stale; gone pages leave', () => {
    const page = link();
    registry.announce(page, { type: 'announce', page: 'watch', build: 'b' });
    now += 14_000;
    registry.touch(page);
    now += 15_000;
    expect(staleOf('watch')).toBe(false);
    now += 1;
    expect(staleOf('watch')).toBe(true);
    registry.disconnected(page);
    expect(registry.list()).toEqual([]);
    expect(registry.refresh({})).toBe(0);
    expect(page.got).toEqual([]);
  });
});
