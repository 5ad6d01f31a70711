import { describe, expect, it } from 'vitest';
import { producerKeyAction, swallowsSpace, type KeyLike } from './producer-keys';

const press = (key: string, change: Partial<KeyLike> = {}): KeyLike => ({
  key,
  repeat: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'BODY',
  targetEditable: false,
  ...change,
});

describe('producer keys', () => {
  it('Space takes and 1–9 cue the rundown items (0-based index)', () => {
    expect(producerKeyAction(press(' '))).toEqual({ kind: 'take' });
    expect(producerKeyAction(press('1'))).toEqual({ kind: 'cue', index: 0 });
    expect(producerKeyAction(press('9'))).toEqual({ kind: 'cue', index: 8 });
    expect(producerKeyAction(press('0'))).toBeNull();
    expect(producerKeyAction(press('a'))).toBeNull();
  });

  it('a held key never takes or cues twice', () => {
    expect(producerKeyAction(press(' ', { repeat: true }))).toBeNull();
    expect(producerKeyAction(press('3', { repeat: true }))).toBeNull();
  });

  it('keys typed into fields, or with a modifier, are not actions', () => {
    for (const targetTag of ['INPUT', 'TEXTAREA', 'SELECT']) {
      expect(producerKeyAction(press(' ', { targetTag }))).toBeNull();
      expect(producerKeyAction(press('2', { targetTag }))).toBeNull();
    }
    expect(producerKeyAction(press(' ', { targetTag: 'DIV', targetEditable: true }))).toBeNull();
    expect(producerKeyAction(press('1', { ctrlKey: true }))).toBeNull();
    expect(producerKeyAction(press('1', { metaKey: true }))).toBeNull();
    expect(producerKeyAction(press(' ', { altKey: true }))).toBeNull();
  });

  it('Space on a focused button is a take, not a press of that button', () => {
    expect(producerKeyAction(press(' ', { targetTag: 'BUTTON' }))).toEqual({ kind: 'take' });
    expect(swallowsSpace(press(' ', { targetTag: 'BUTTON' }))).toBe(true);
    expect(swallowsSpace(press(' ', { targetTag: 'INPUT' }))).toBe(false);
    expect(swallowsSpace(press('Enter', { targetTag: 'BUTTON' }))).toBe(false);
  });
});
