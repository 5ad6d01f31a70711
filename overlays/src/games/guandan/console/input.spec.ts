import { describe, expect, it } from 'vitest';
import { choiceLetter, intentForKey } from './keys';
import { memoryStorage } from '../../../lib/sign-in/testing';
import { operatorToken } from '../../../lib/console/token';
import { parseTypedCards, pickFromHand } from './typed-cards';

describe('parseTypedCards', () => {
  it('reads faces case-insensitively, with 10 for T, suit symbols and joker names', () => {
    expect(parseTypedCards('s5 H5')).toEqual({ ok: true, faces: ['S5', 'H5'] });
    expect(parseTypedCards('  ht,  ♥10，d10 ')).toEqual({ ok: true, faces: ['HT', 'HT', 'DT'] });
    expect(parseTypedCards('bj RJ 大王 小王')).toEqual({ ok: true, faces: ['BJ', 'RJ', 'RJ', 'BJ'] });
  });

  it('names the first token it cannot read', () => {
    expect(parseTypedCards('S5 X9 H1')).toEqual({ ok: false, unreadable: 'X9' });
    expect(parseTypedCards('S1')).toEqual({ ok: false, unreadable: 'S1' });
  });
});

describe('pickFromHand', () => {
  it('takes one physical copy per face asked and reports what is not held', () => {
    expect(pickFromHand(['S5a', 'S5b', 'H9a'], ['S5', 'S5', 'H9'])).toEqual({
      cards: ['S5a', 'S5b', 'H9a'],
      missing: [],
    });
    expect(pickFromHand(['S5a', 'H9a'], ['S5', 'S5', 'DK'])).toEqual({
      cards: ['S5a'],
      missing: ['S5', 'DK'],
    });
  });
});

describe('intentForKey', () => {
  const idle = { readingChoices: 0 };
  it('maps the console keys', () => {
    expect(intentForKey('Enter', idle)).toEqual({ kind: 'primary' });
    expect(intentForKey('p', idle)).toEqual({ kind: 'pass' });
    expect(intentForKey('P', idle)).toEqual({ kind: 'pass' });
    expect(intentForKey(' ', idle)).toEqual({ kind: 'pass' });
    expect(intentForKey('Escape', idle)).toEqual({ kind: 'clear' });
    expect(intentForKey('1', idle)).toEqual({ kind: 'pick', index: 0 });
    expect(intentForKey('9', idle)).toEqual({ kind: 'pick', index: 8 });
    expect(intentForKey('0', idle)).toBeNull();
    expect(intentForKey(']', idle)).toEqual({ kind: 'page', delta: 1 });
    expect(intentForKey('PageUp', idle)).toEqual({ kind: 'page', delta: -1 });
    expect(intentForKey('d', idle)).toEqual({ kind: 'deal' });
    expect(intentForKey('x', idle)).toBeNull();
    expect(intentForKey('f', idle)).toEqual({ kind: 'appeal' });
    expect(intentForKey('F', idle)).toEqual({ kind: 'appeal' });
  });

  it('gives letters to the reading choices while a declaration is asked, p included, and nothing else', () => {
    const asking = { readingChoices: 3 };
    expect(intentForKey('a', asking)).toEqual({ kind: 'reading', index: 0 });
    expect(intentForKey('C', asking)).toEqual({ kind: 'reading', index: 2 });
    expect(intentForKey('d', asking)).toBeNull();
    expect(intentForKey('p', { readingChoices: 16 })).toEqual({ kind: 'reading', index: 15 });
    expect(intentForKey('Escape', asking)).toEqual({ kind: 'clear' });
    expect(intentForKey('Enter', asking)).toBeNull();
    expect(intentForKey('1', asking)).toBeNull();
    expect(choiceLetter(2)).toBe('c');
  });
});

describe('operator token', () => {
  it('takes the token from the fragment and keeps it for the tab', () => {
    const storage = memoryStorage();
    expect(operatorToken.take('#token=op-secret-0123456789', storage)).toEqual({
      token: 'op-secret-0123456789',
      fromHash: true,
    });
    expect(operatorToken.take('', storage)).toEqual({ token: 'op-secret-0123456789', fromHash: false });
    operatorToken.forget(storage);
    expect(operatorToken.take('', storage)).toEqual({ token: null, fromHash: false });
    operatorToken.remember('typed-token-0123456789', storage);
    expect(operatorToken.take('#other=1', storage).token).toBe('typed-token-0123456789');
  });
});
