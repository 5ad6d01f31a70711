import { describe, expect, it } from 'vitest';
import { EMPTY_RUNDOWN, ReplaceRundownBody, type Rundown } from './rundown';
import { replaceRundown } from './rundown-edit';
import { RundownConflictError, RundownInputError } from './rundown.errors';

const ids = (): (() => string) => {
  let n = 0;
  return () => `new-${String((n += 1))}`;
};
const input = (body: unknown): ReturnType<typeof ReplaceRundownBody.parse> => ReplaceRundownBody.parse(body);

const onAir: Rundown = {
  revision: 4,
  obs: 'main',
  items: [
    { id: 'open', label: 'Opening', scene: 'TC Table', notes: '' },
    { id: 'break', label: 'Break', scene: 'TC Break', notes: 'sponsor' },
  ],
  cuedId: 'break',
  liveId: 'open',
};

describe('replaceRundown (revision and lock-when-live)', () => {
  it('replaces the list, bumps the revision and gives new items an id', () => {
    const next = replaceRundown(
      EMPTY_RUNDOWN,
      input({
        revision: 0,
        items: [
          { label: 'Table', scene: 'TC Table' },
          { id: 'b', label: 'B', scene: 'TC Break', notes: 'n' },
        ],
      }),
      ids(),
    );
    expect(next).toEqual({
      revision: 1,
      obs: 'main',
      items: [
        { id: 'new-1', label: 'Table', scene: 'TC Table', notes: '' },
        { id: 'b', label: 'B', scene: 'TC Break', notes: 'n' },
      ],
      cuedId: null,
      liveId: null,
    });
  });

  it('refuses an edit made on a stale revision (409) and says the current one', () => {
    const attempt = (): Rundown => replaceRundown(onAir, input({ revision: 3, items: onAir.items }), ids());
    expect(attempt).toThrow(
      new RundownConflictError('rundownStale', 'rundown revision 3 is stale; it is at 4', 4),
    );
  });

  it('the live item is locked: removing it or changing its scene or label is a 409', () => {
    const [live, other] = onAir.items;
    if (live === undefined || other === undefined) throw new Error('fixture');
    for (const items of [
      [other],
      [{ ...live, scene: 'TC Overhead' }, other],
      [{ ...live, label: 'Intro' }, other],
    ]) {
      expect(() => replaceRundown(onAir, input({ revision: 4, items }), ids())).toThrow(
        'item open is live and locked',
      );
    }
    expect(() =>
      replaceRundown(onAir, input({ revision: 4, obs: 'backup', items: onAir.items }), ids()),
    ).toThrow('item open is live and locked');
  });

  it('the live item may move and its notes change; other items may change freely', () => {
    const next = replaceRundown(
      onAir,
      input({
        revision: 4,
        items: [
          { id: 'break', label: 'Long break', scene: 'TC Break' },
          { id: 'open', label: 'Opening', scene: 'TC Table', notes: 'cut to overhead after' },
        ],
      }),
      ids(),
    );
    expect(next.liveId).toBe('open');
    expect(next.cuedId).toBe('break');
    expect(next.items.map((i) => i.id)).toEqual(['break', 'open']);
  });

  it('a cued item removed or moved to another scene is no longer cued', () => {
    const [live] = onAir.items;
    if (live === undefined) throw new Error('fixture');
    expect(replaceRundown(onAir, input({ revision: 4, items: [live] }), ids()).cuedId).toBeNull();
    const rescened = replaceRundown(
      onAir,
      input({ revision: 4, items: [live, { id: 'break', label: 'Break', scene: 'TC Standings' }] }),
      ids(),
    );
    expect(rescened.cuedId).toBeNull();
  });

  it('two items with one id are refused naming the second', () => {
    const attempt = (): Rundown =>
      replaceRundown(
        EMPTY_RUNDOWN,
        input({
          revision: 0,
          items: [
            { id: 'a', label: 'A', scene: 'S' },
            { id: 'a', label: 'A2', scene: 'S' },
          ],
        }),
        ids(),
      );
    expect(attempt).toThrow(new RundownInputError('items.1.id', 'duplicate id a'));
  });
});
