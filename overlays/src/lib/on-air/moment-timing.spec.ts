import { describe, expect, it } from 'vitest';
import { momentToShow } from './moment-timing';
import { recordedView } from './testing';

const bomb = recordedView('bomb', 'broadcast').moment;
const penalty = recordedView('penalty', 'broadcast').moment;

describe('moments go on air once', () => {
  it('the moment already in the first view is history: marked handled, not animated', () => {
    expect(momentToShow(penalty, null, false)).toEqual({ show: null, handled: penalty?.revision });
    expect(momentToShow(null, null, false)).toEqual({ show: null, handled: -1 });
  });

  it('a still page (reference screenshot) shows the latest moment', () => {
    expect(momentToShow(penalty, null, true).show).toBe(penalty);
  });

  it('a newer moment is shown; the same or an older one (resume, late frame) never again', () => {
    if (bomb === null || penalty === null) throw new Error('fixture moments missing');
    expect(momentToShow(penalty, bomb.revision, false)).toEqual({ show: penalty, handled: penalty.revision });
    expect(momentToShow(penalty, penalty.revision, false).show).toBeNull();
    expect(momentToShow(bomb, penalty.revision, false)).toEqual({ show: null, handled: penalty.revision });
  });
});
