import { describe, expect, it } from 'vitest';
import { duplicateChain } from '../duplicate/duplicate-chains';
import { tb1Chain } from './guandan-000';
import { tb2Chain } from './guandan-003';
import { hasTiebreakStepLabel, tiebreakStepLabel } from './step-labels';

const chains = [
  tb1Chain(new Map()),
  tb2Chain(new Map()),
  duplicateChain('doudizhu', new Map(), []),
  duplicateChain('bigtwo', new Map(), []),
];

describe('tie-break step labels', () => {
  it.each(chains.map((chain) => [chain.rule, chain] as const))(
    '%s: every step of the chain has a zh-CN and an English label',
    (_rule, chain) => {
      for (const step of chain.steps) {
        expect(hasTiebreakStepLabel(step.key), step.key).toBe(true);
        const label = tiebreakStepLabel(step.key);
        expect(label.zh).toMatch(/[\u4e00-\u9fff]/);
        expect(label.en).toMatch(/^[A-Z]/);
      }
    },
  );

  it('names TRN-TB-1 and TRN-TB-2 in the documents’ words, and reads an unknown key as itself', () => {
    expect(tb1Chain(new Map()).steps.map((s) => tiebreakStepLabel(s.key).zh)).toEqual([
      '场分',
      '级分',
      '相互间级分',
      '对手分',
    ]);
    expect(
      tb2Chain(new Map())
        .steps.map((s) => tiebreakStepLabel(s.key).en)
        .slice(0, 3),
    ).toEqual(['Match points', 'Level-difference points', 'Head to head']);
    expect(tiebreakStepLabel('fromANewerServer')).toEqual({ zh: 'fromANewerServer', en: 'fromANewerServer' });
  });
});
