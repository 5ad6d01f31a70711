import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

describe('errorText', () => {
  const rule = {
    kind: 'rule',
    rule: 'GD-COMBO-11',
    message: 'these cards are not a combination',
    messageZh: '所出的牌不构成合理牌型',
  } as const;

  it('keeps the rule ID and shows the Chinese message by default, English with lang=en', () => {
    expect(errorText(rule, 'zh-CN')).toEqual({ rule: 'GD-COMBO-11', text: '所出的牌不构成合理牌型' });
    expect(errorText(rule, 'en')).toEqual({ rule: 'GD-COMBO-11', text: 'these cards are not a combination' });
  });

  it('words stale revisions, HTTP failures and local refusals from the catalog', () => {
    expect(errorText({ kind: 'stale', currentRevision: 12 }, 'zh-CN').text).toContain('版本 12');
    expect(errorText({ kind: 'http', status: 403, message: '' }, 'zh-CN').text).toBe(
      '此令牌无权操作这张牌桌',
    );
    expect(errorText({ kind: 'local', code: 'notThisSeat', detail: 'E' }, 'zh-CN').text).toBe(
      '现在不是东操作',
    );
    expect(errorText({ kind: 'local', code: 'notHeld', detail: 'S5 H5' }, 'en').text).toBe(
      'Not in hand: S5 H5',
    );
  });
});
