import { describe, expect, it } from 'vitest';
import { appealErrorText, fieldOfPath, localAppealErrorText } from './appeal-error-text';

describe('appealErrorText', () => {
  it('shows the rule ID and its wording in the page language (422 GD-APL-1)', () => {
    const late = {
      ok: false,
      status: 422,
      message: 'closed',
      error: {
        statusCode: 422,
        error: 'RuleViolation',
        rule: 'GD-APL-1',
        message: 'the appeal window closed at 10:30',
        messageZh: '申诉期限已于 10:30 截止',
      },
    } as const;
    expect(appealErrorText(late, 'zh-CN')).toEqual({
      rule: 'GD-APL-1',
      text: '申诉期限已于 10:30 截止',
      fields: [],
    });
    expect(appealErrorText(late, 'en').text).toBe('the appeal window closed at 10:30');
  });

  it('lists the fields a 400 names, with the server message', () => {
    const refused = {
      ok: false,
      status: 400,
      message: 'statement: Too small',
      error: {
        statusCode: 400,
        error: 'BadRequest',
        message: 'statement: Too small',
        issues: [{ path: 'statement', message: 'Too small' }],
      },
    } as const;
    expect(appealErrorText(refused, 'en')).toEqual({
      rule: null,
      text: 'Malformed request',
      fields: [{ path: 'statement', text: 'Too small' }],
    });
  });

  it('words other refusals by status, keeping the server message', () => {
    const conflict = {
      ok: false,
      status: 409,
      message: 'stream appeal-ap_1 exists',
      error: { statusCode: 409, error: 'Conflict', message: 'stream appeal-ap_1 exists' },
    } as const;
    expect(appealErrorText(conflict, 'en').text).toBe('HTTP 409 (stream appeal-ap_1 exists)');
    expect(appealErrorText({ ok: false, status: 0, error: null, message: 'down' }, 'zh-CN').rule).toBeNull();
  });
});

describe('localAppealErrorText', () => {
  it('names the field as the server would', () => {
    expect(
      localAppealErrorText([{ path: 'fee.amount', message: 'notInteger', value: '5.5' }], 'en').fields,
    ).toEqual([{ path: 'fee.amount', text: 'must be a whole number ≥ 0: "5.5"' }]);
  });
});

describe('fieldOfPath', () => {
  it('maps a server path to the form field that holds it', () => {
    expect(fieldOfPath('disputedRevisions.1')).toBe('disputedRevisions');
    expect(fieldOfPath('fee')).toBe('fee.amount');
    expect(fieldOfPath('appellant.team')).toBe('appellant.team');
  });
});
