import { describe, expect, it } from 'vitest';
import { guandanEventTypes } from './catalog';
import { isGuandanEvent } from './is-guandan-event';

describe('isGuandanEvent', () => {
  it('holds for every game event type and for nothing else in a match stream', () => {
    for (const type of guandanEventTypes) expect(isGuandanEvent({ type }), type).toBe(true);
    for (const type of [
      'AppealFiled',
      'CorrectionConfirmed',
      'ResultCorrected',
      'PlayersLeftTable',
      'Probe',
    ]) {
      expect(isGuandanEvent({ type }), type).toBe(false);
    }
  });
});
