import { describe, expect, it } from 'vitest';
import { matchOnObs, type FollowedTables } from './obs-match';

/** Tables t1 (match F1) and t2 (no match yet); `program` on program. */
const tables = (program: string | null): FollowedTables => ({
  programTable: program,
  matchAt: (table) => (table === 't1' ? 'F1' : null),
});

describe('which match an OBS’s loaded scenes show, for the director', () => {
  it('a match’s own collection, and a table’s: the match now at that table, or that table empty', () => {
    expect(matchOnObs('Tablecast F7', tables(null))).toBe('F7');
    expect(matchOnObs('Tablecast table t1', tables(null))).toBe('F1');
    expect(matchOnObs('Tablecast table t2', tables('t1'))).toEqual({ emptyTable: 't2' });
  });

  it('the on-air collection follows the table on program: its match, that table empty, or no table on program', () => {
    expect(matchOnObs('Tablecast on air', tables('t1'))).toBe('F1');
    expect(matchOnObs('Tablecast on air', tables('t2'))).toEqual({ emptyTable: 't2' });
    // No table on program yet: no match's moment is the on-air scenes' (not "every match may").
    expect(matchOnObs('Tablecast on air', tables(null))).toEqual({ noTableOnProgram: true });
  });

  it('a collection the setup did not make, or none known: null (every match may drive it)', () => {
    expect(matchOnObs('My show', tables('t1'))).toBeNull();
    expect(matchOnObs(undefined, tables('t1'))).toBeNull();
  });
});
