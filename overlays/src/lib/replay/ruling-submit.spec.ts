import { describe, expect, it } from 'vitest';
import { refusalLines, refusalOf } from './ruling-submit';

describe('refusalOf / refusalLines', () => {
  it('keeps a rule refusal’s ID and shows its wording in the page’s language', () => {
    const refusal = refusalOf(
      422,
      {
        statusCode: 422,
        error: 'RuleViolation',
        rule: 'GD-APL-2',
        message: 'the arbitration committee must have an odd number of members, three or more (got 2)',
        messageZh: '仲裁委员会须由三人以上单数组成（现有 2 人）',
      },
      'Unprocessable Entity',
    );
    expect(refusal.rule).toBe('GD-APL-2');
    expect(refusalLines(refusal, 'zh-CN')).toEqual(['仲裁委员会须由三人以上单数组成（现有 2 人）']);
    expect(refusalLines(refusal, 'en')).toEqual([
      'the arbitration committee must have an odd number of members, three or more (got 2)',
    ]);
  });

  it('names every field of a 400, and keeps the message of a 409 or an unreadable answer', () => {
    const invalid = refusalOf(
      400,
      {
        message: 'x',
        issues: [
          { path: 'reasoning', message: 'Too small' },
          { path: 'remedy.handNumber', message: 'Invalid input' },
        ],
      },
      'Bad Request',
    );
    expect(refusalLines(invalid, 'zh-CN')).toEqual([
      'reasoning: Too small',
      'remedy.handNumber: Invalid input',
    ]);
    const ruled = refusalOf(409, { message: 'appeal A1 was already decided by ruling R1' }, 'Conflict');
    expect(refusalLines(ruled, 'zh-CN')).toEqual(['appeal A1 was already decided by ruling R1']);
    expect(refusalOf(502, null, 'Bad Gateway')).toEqual({
      status: 502,
      rule: null,
      lines: ['Bad Gateway'],
      messageZh: null,
    });
  });
});
