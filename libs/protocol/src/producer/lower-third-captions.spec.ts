import { describe, expect, it } from 'vitest';
import { CAPTION_TEMPLATES, parseCaption } from './lower-third-captions';

describe('lower-third captions from templates', () => {
  it('counts characters as a reader does: a title of 40 Chinese characters or emoji fits, 41 does not', () => {
    const [title] = CAPTION_TEMPLATES.free;
    expect(title.maxLength).toBe(40);
    // 👨‍👩‍👧 is one character on screen (five code points, eight UTF-16 units).
    for (const unit of ['长', '👨‍👩‍👧']) {
      expect(parseCaption({ template: 'free', fields: { title: unit.repeat(40) } }).ok).toBe(true);
      expect(parseCaption({ template: 'free', fields: { title: unit.repeat(41) } })).toEqual({
        ok: false,
        path: 'caption.fields.title',
        message: 'must be at most 40 characters (41 given)',
      });
    }
  });

  it('trims the fields and sends an optional one left out as empty', () => {
    expect(parseCaption({ template: 'player', fields: { name: '  张伟 ' } })).toEqual({
      ok: true,
      caption: { template: 'player', fields: { name: '张伟', team: '' } },
    });
  });

  it('takes the levels 2 to A for 打 N (GD-LVL-1), nothing else', () => {
    for (const level of ['2', '9', '10', 'J', 'Q', 'K', 'A'])
      expect(parseCaption({ template: 'level', fields: { team: 'NS', level } }).ok, level).toBe(true);
    for (const level of ['1', '11', 'a', 'B', 'AA'])
      expect(parseCaption({ template: 'level', fields: { team: 'NS', level } }), level).toMatchObject({
        ok: false,
        path: 'caption.fields.level',
      });
  });
});
