import { describe, expect, it } from 'vitest';
import { refusalOf, refusalWords, wordRefusal, type Failure } from './refusal-words';

/** An HTTP refusal as the API client reports it, read from the body the server sent. */
const refused = (status: number, body: Record<string, unknown>): Failure => {
  const refusal = refusalOf({ statusCode: status, ...body });
  return { status, message: String(body.message), ...(refusal === undefined ? {} : { refusal }) };
};
const HAN = /\p{Script=Han}/u;

describe("the dashboard's refusals in its language", () => {
  it('400: each field by its path, what is wrong from the issue code', () => {
    const failure = refused(400, {
      error: 'BadRequest',
      message:
        'rules.0.cooldownMs: must be a whole number of ms from 0 to 3600000; enabled: must be true or false',
      issues: [
        {
          path: 'rules.0.cooldownMs',
          message: 'must be a whole number of ms from 0 to 3600000',
          code: 'too_big',
        },
        { path: 'enabled', message: 'must be true or false', code: 'invalid_type' },
      ],
    });
    expect(wordRefusal('zh-CN', failure)).toBe('字段 rules.0.cooldownMs 超出允许范围；字段 enabled 类型不对');
    expect(wordRefusal('en', failure)).toBe(
      'field rules.0.cooldownMs is above the allowed range; field enabled has the wrong type',
    );
  });

  it('422: the rule ID leads, with the server’s Chinese message in zh-CN and its English one in English', () => {
    const failure = refused(422, {
      error: 'RuleViolation',
      rule: 'GD-PLAY-2',
      message: 'not your turn',
      messageZh: '还没轮到你',
    });
    expect(wordRefusal('zh-CN', failure)).toBe('违反规则 GD-PLAY-2：还没轮到你');
    expect(wordRefusal('en', failure)).toBe('breaks rule GD-PLAY-2: not your turn');
  });

  it('409 and 404 by their code, a stale revision by its label, with the revision now in force', () => {
    const stale = refused(409, {
      error: 'Conflict',
      code: 'rundownStale',
      message: 'rundown revision 3 is stale; it is at 4',
      currentRevision: 4,
    });
    expect(wordRefusal('zh-CN', stale)).toBe('节目单已被他人修改（现为第 4 版），请刷新后再改');
    expect(wordRefusal('en', stale)).toBe(
      'the rundown was changed meanwhile (now revision 4); reload and edit again',
    );
    const delay = refused(409, {
      error: 'StaleRevision',
      message: 'match F1 is at revision 7, the command was made against 6',
      currentRevision: 7,
    });
    expect(wordRefusal('zh-CN', delay)).toBe('已被他人更改（现为第 7 版），请刷新后重试');
    const gone = refused(404, { error: 'NotFound', code: 'proposalGone', message: 'proposal "p3": …' });
    expect(wordRefusal('zh-CN', gone)).toBe('该建议已被采纳、忽略或被新建议取代');
    // Every code and issue worded in both languages: Chinese in zh-CN, none in English.
    for (const words of [refusalWords['zh-CN'], refusalWords.en]) {
      const lines = [
        ...Object.values(words.codes).map((word) => word({ currentRevision: 2 })),
        ...Object.values(words.issues),
      ];
      for (const line of lines) expect(line).toMatch(words === refusalWords.en ? /^[^\u4e00-\u9fff]+$/ : HAN);
    }
  });

  it('anything it does not know shows the server’s message: a newer code, a custom issue, a bare body', () => {
    const newer = refused(409, { error: 'Conflict', code: 'somethingNew', message: 'a newer refusal' });
    expect(wordRefusal('zh-CN', newer)).toBe('a newer refusal');
    const custom = refused(400, {
      error: 'BadRequest',
      message: 'caption.fields.level: must be 2–A',
      issues: [
        { path: 'caption.fields.name', message: 'is required', code: 'too_small' },
        { path: 'caption.fields.level', message: 'must be 2–A', code: 'custom' },
      ],
    });
    expect(wordRefusal('zh-CN', custom)).toBe('caption.fields.level: must be 2–A');
    // No code at all (an older server): its text, and nothing machine-readable is invented.
    const older = refused(400, { message: 'scene: is required' });
    expect(older.refusal).toBeUndefined();
    expect(wordRefusal('zh-CN', older)).toBe('scene: is required');
    const plainConflict = refused(409, { error: 'Conflict', message: 'match m1 already exists' });
    expect(wordRefusal('en', plainConflict)).toBe('match m1 already exists');
  });

  it('no answer at all (status 0): the network is down, said in the dashboard’s language', () => {
    const down: Failure = { status: 0, message: 'Failed to fetch' };
    expect(wordRefusal('zh-CN', down)).toBe('没有连上服务器');
    expect(wordRefusal('en', down)).toBe('no answer from the server (Failed to fetch)');
  });
});
