import { describe, expect, it } from 'vitest';
import { parseTokenSpec } from './token-spec';

const T1 = 'a'.repeat(16);
const T2 = 'b'.repeat(20);

describe('parseTokenSpec', () => {
  it('reads staff roles and table-scoped operator tokens', () => {
    expect(parseTokenSpec(`referee=${T1}, operator:table-3=${T2}`)).toEqual({
      ok: true,
      entries: [
        { role: 'referee', table: null, token: T1 },
        { role: 'operator', table: 'table-3', token: T2 },
      ],
    });
  });

  it('accepts operator:* for every table', () => {
    const result = parseTokenSpec(`operator:*=${T1}`);
    expect(result.ok && result.entries[0]?.table).toBe('*');
  });

  it.each([
    ['referee', 'entry 1 must look like role=token'],
    [`viewer=${T1}`, 'entry 1 has unknown role "viewer"'],
    [`operator=${T1}`, 'entry 1: an operator token names its table'],
    [`arbiter:t1=${T1}`, 'entry 1: only operator tokens are scoped to a table'],
    ['producer=short', 'entry 1: tokens must be at least 16 characters'],
    [`referee=${T1},arbiter=${T1}`, 'entry 2: the same token is given twice'],
  ])('rejects %s', (spec, problem) => {
    const result = parseTokenSpec(spec);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toContain(problem);
  });
});
