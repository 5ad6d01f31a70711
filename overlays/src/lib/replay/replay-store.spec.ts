import { describe, expect, it } from 'vitest';
import { ReplayStore } from './replay-store';
import type { ReplayView } from '@tablecast/protocol';

const LAST = 5;

function view(position: number, lastPosition = LAST): ReplayView {
  return {
    matchId: 'M',
    position,
    lastPosition,
    event: {
      revision: position,
      type: 'Passed',
      recordedAt: '',
      actor: { id: 'op', role: 'operator' },
      data: {},
      inEffect: true,
    },
    recent: [],
    status: 'inHand',
    levels: { NS: 0, EW: 0 },
    levelNames: { NS: '2', EW: '2' },
    hand: null,
    penalties: [],
    shown: null,
    result: null,
  };
}

describe('ReplayStore', () => {
  it('steps forwards and backwards one event, clamped to the match', async () => {
    const asked: (number | undefined)[] = [];
    const store = new ReplayStore((position) => {
      asked.push(position);
      return Promise.resolve(view(position ?? LAST));
    });
    await store.go(0);
    await store.previous(); // already at 0: nothing to fetch
    await store.next();
    await store.next();
    expect(store.current.view?.position).toBe(2);
    await store.previous();
    await store.go(99);
    expect(store.current.view?.position).toBe(LAST);
    await store.next();
    expect(asked).toEqual([0, 1, 2, 1, LAST]);
  });

  it('a slow answer to an older request never overwrites a newer one', async () => {
    const pending = new Map<number, (v: ReplayView) => void>();
    const store = new ReplayStore(
      (position) => new Promise((resolve) => pending.set(position ?? LAST, resolve)),
    );
    const first = store.go(1);
    const second = store.go(3);
    pending.get(3)?.(view(3));
    await second;
    pending.get(1)?.(view(1));
    await first;
    expect(store.current.view?.position).toBe(3);
  });

  it('refresh reads the shown position again, so a grown match shows its new last position', async () => {
    let last = LAST;
    const asked: (number | undefined)[] = [];
    const store = new ReplayStore((position) => {
      asked.push(position);
      return Promise.resolve(view(position ?? last, last));
    });
    await store.go(2);
    await store.go(2); // the same position: nothing to fetch
    last = LAST + 1; // a ruling appended a correction
    await store.refresh();
    expect(asked).toEqual([2, 2]);
    expect(store.current.view).toMatchObject({ position: 2, lastPosition: LAST + 1 });
  });

  it('keeps the error message to show', async () => {
    const store = new ReplayStore(() => Promise.reject(new Error('403: role referee may not do this')));
    await store.go(0);
    expect(store.current).toMatchObject({
      view: null,
      loading: false,
      error: '403: role referee may not do this',
    });
  });
});
