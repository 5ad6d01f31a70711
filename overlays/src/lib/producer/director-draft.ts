import { LOWER_THIRD_CUE_PATTERN, OVERLAY_MOMENTS } from '@tablecast/protocol/producer';
import type { DirectorAction, DirectorRule, OverlayCue } from './producer-types';

/**
 * Edits of the director's rules table as pure functions, so the panel only wires inputs to them
 * and the specs can check them without a DOM. A rule is replaced, never mutated: the panel's
 * draft is a new list after every keystroke.
 */

/** What a newly chosen action type starts with (the producer then picks its scene or cue). */
export function defaultAction(type: DirectorAction['type'], firstScene: string): DirectorAction {
  switch (type) {
    case 'switchScene':
      return { type, scene: firstScene, mode: 'cut' };
    case 'showMoment':
      return { type, cue: { moment: 'bomb' } };
    case 'transition':
      return { type };
  }
}

/** A cue as one <select> value: `moment:bomb`, `lowerThird:E`. */
export function cueKey(cue: OverlayCue): string {
  return 'moment' in cue ? `moment:${cue.moment}` : `lowerThird:${cue.lowerThird}`;
}

export function cueFromKey(key: string): OverlayCue | null {
  const [kind, value] = key.split(':');
  const moment = OVERLAY_MOMENTS.find((known) => known === value);
  if (kind === 'moment' && moment !== undefined) return { moment };
  // A seat id of any game (0/1/2, S/E/N/W) or clear: the server checks the seat against the match.
  if (kind === 'lowerThird' && value !== undefined && LOWER_THIRD_CUE_PATTERN.test(value))
    return { lowerThird: value };
  return null;
}

/** Cool-downs are edited in seconds and kept in ms; a blank or negative entry is sent as typed (the server names the field). */
export function cooldownFromSeconds(seconds: string): number {
  const value = Number(seconds);
  return seconds.trim() === '' || Number.isNaN(value) ? Number.NaN : Math.round(value * 1000);
}

export function replaceRule(
  rules: readonly DirectorRule[],
  index: number,
  rule: DirectorRule,
): DirectorRule[] {
  return rules.map((current, i) => (i === index ? rule : current));
}

/** A new rule, off until the producer enables it, with an id the server accepts ([A-Za-z0-9_.-]). */
export function newRule(id: string, firstScene: string): DirectorRule {
  return {
    id,
    enabled: false,
    on: 'bomb',
    action: defaultAction('switchScene', firstScene),
    cooldownMs: 30_000,
  };
}
