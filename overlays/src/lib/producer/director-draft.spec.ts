import { describe, expect, it } from 'vitest';
import {
  cooldownFromSeconds,
  cueFromKey,
  cueKey,
  defaultAction,
  newRule,
  replaceRule,
} from './director-draft';
import { stateBuilding } from './fixtures/answers';

const rules = stateBuilding.director?.rules ?? [];

describe('director rules draft', () => {
  it('starts a changed action type with a usable default', () => {
    expect(defaultAction('switchScene', 'Table')).toEqual({
      type: 'switchScene',
      scene: 'Table',
      mode: 'cut',
    });
    expect(defaultAction('showMoment', 'Table')).toEqual({ type: 'showMoment', cue: { moment: 'bomb' } });
    expect(defaultAction('transition', 'Table')).toEqual({ type: 'transition' });
  });

  it('round-trips every cue through its <select> value and refuses unknown ones', () => {
    expect(cueKey({ moment: 'fourJokers' })).toBe('moment:fourJokers');
    expect(cueFromKey('moment:fourJokers')).toEqual({ moment: 'fourJokers' });
    expect(cueFromKey(cueKey({ lowerThird: 'W' }))).toEqual({ lowerThird: 'W' });
    expect(cueFromKey('moment:royalFlush')).toBeNull();
    // Any game's seat id (a Dou Dizhu rule names 0/1/2); not a malformed one.
    expect(cueFromKey('lowerThird:0')).toEqual({ lowerThird: '0' });
    expect(cueFromKey('lowerThird:south west')).toBeNull();
    expect(cueFromKey('lowerThird:')).toBeNull();
    expect(cueFromKey('bomb')).toBeNull();
  });

  it('edits cool-downs in seconds and keeps ms; a blank entry stays invalid for the server to name', () => {
    expect(cooldownFromSeconds('12')).toBe(12_000);
    expect(cooldownFromSeconds('0.5')).toBe(500);
    expect(cooldownFromSeconds('')).toBeNaN();
    expect(cooldownFromSeconds('abc')).toBeNaN();
  });

  it('replaces one rule and leaves the list it came from untouched', () => {
    const first = rules[0];
    if (!first) throw new Error('fixture has no rule');
    const edited = replaceRule(rules, 0, { ...first, cooldownMs: 5_000 });
    expect(edited[0]?.cooldownMs).toBe(5_000);
    expect(edited[1]).toBe(rules[1]);
    expect(rules[0]?.cooldownMs).toBe(30_000);
  });

  it('adds new rules disabled, cutting to the first scene on a bomb', () => {
    expect(newRule('rule-1', 'Table')).toEqual({
      id: 'rule-1',
      enabled: false,
      on: 'bomb',
      action: { type: 'switchScene', scene: 'Table', mode: 'cut' },
      cooldownMs: 30_000,
    });
  });
});
