import { RulingRemedySchema, rulingOutcomes } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { imposedSanctions, remedyKinds } from '../overlays/src/lib/replay/ruling-draft';

// The page keeps its own copies of the lists (its bundle carries no zod); this holds them to the server's.
describe("the form's choices are the server's (libs/events RulingRemedySchema)", () => {
  it('offers every outcome of an upheld appeal, and only those', () => {
    expect(remedyKinds).toEqual(rulingOutcomes.filter((outcome) => outcome !== 'appeal-dismissed'));
  });

  it('offers exactly the sanctions a ruling may impose', () => {
    const imposed = RulingRemedySchema.options.find((option) => 'sanction' in option.shape);
    expect(
      imposed !== undefined && 'sanction' in imposed.shape ? imposed.shape.sanction.options : [],
    ).toEqual(imposedSanctions);
  });
});
