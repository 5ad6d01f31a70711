import { tablecastCatalog } from '@tablecast/games';
import { describe, expect, it } from 'vitest';
import { eventName, eventNames, isKnownEventType } from '../overlays/src/games/guandan/events/event-names';

/** Every event type of the catalog has a name for the referee in both languages. */
describe('event names', () => {
  const types = tablecastCatalog.definitions.map((definition) => definition.type);

  it('the catalog is enumerated (guards against an empty list passing the checks below)', () => {
    expect(types).toEqual(expect.arrayContaining(['CardsPlayed', 'AppealFiled', 'BroadcastDelaySet']));
  });

  it.each(types)('%s has a Chinese and an English name', (type) => {
    expect(isKnownEventType(type)).toBe(true);
    expect(eventName(type, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
    expect(eventName(type, 'en')).toMatch(/^[A-Z][a-z]/);
  });

  it('names nothing the catalog does not hold (no stale names)', () => {
    expect(Object.keys(eventNames['zh-CN']).sort()).toEqual([...types].sort());
    expect(Object.keys(eventNames.en).sort()).toEqual([...types].sort());
  });

  it('an unknown or future type keeps its code name', () => {
    expect(eventName('TableLampDimmed', 'zh-CN')).toBe('TableLampDimmed');
    expect(eventName('toString', 'en')).toBe('toString');
  });
});
