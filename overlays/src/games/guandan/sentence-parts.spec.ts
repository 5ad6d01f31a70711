import { describe, expect, it } from 'vitest';
import { sentenceParts } from '../../lib/on-air/labels';
import { guandanOnAir } from './on-air-words';

describe('sentenceParts: a catalog sentence cut around its names', () => {
  it('keeps the words and marks where each name goes, in the sentence’s own order', () => {
    expect(sentenceParts(guandanOnAir['zh-CN'].tribute.gave, 2)).toEqual([
      { name: 0 },
      { words: ' 进贡给 ' },
      { name: 1 },
    ]);
    expect(sentenceParts(guandanOnAir.en.tribute.returned, 2)).toEqual([
      { name: 0 },
      { words: ' returns a card to ' },
      { name: 1 },
    ]);
  });

  it('follows a language that names the second one first', () => {
    expect(sentenceParts((a = '', b = '') => `${b} got it from ${a}`, 2)).toEqual([
      { name: 1 },
      { words: ' got it from ' },
      { name: 0 },
    ]);
  });

  it('leaves words before and after a single name', () => {
    expect(sentenceParts(guandanOnAir['zh-CN'].tribute.resisted, 1)).toEqual([
      { name: 0 },
      { words: ' 持两张大王，抗贡' },
    ]);
  });
});
