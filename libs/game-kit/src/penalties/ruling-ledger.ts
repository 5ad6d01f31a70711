import type { AppealDecidedData, AppealLodgedData, PenaltyIssuedData, RulingEvent } from './penalty-events';

export interface PenaltyRecord<Seat> {
  readonly data: PenaltyIssuedData<Seat>;
  readonly rescinded: boolean;
}

export interface AppealRecord<Seat> {
  readonly data: AppealLodgedData<Seat>;
  readonly decision: AppealDecidedData | null;
}

/** A match's rulings and appeals, as its state keeps them. */
export interface RulingLedger<Seat> {
  readonly penalties: readonly PenaltyRecord<Seat>[];
  readonly appeals: readonly AppealRecord<Seat>[];
}

/** Folds a ruling's event into the ledger: an upheld appeal rescinds the ruling it was against. */
export function foldRuling<Seat>(ledger: RulingLedger<Seat>, event: RulingEvent<Seat>): RulingLedger<Seat> {
  const { penalties, appeals } = ledger;
  switch (event.type) {
    case 'PenaltyIssued':
      return { penalties: [...penalties, { data: event.data, rescinded: false }], appeals };
    case 'AppealLodged':
      return { penalties, appeals: [...appeals, { data: event.data, decision: null }] };
    case 'AppealDecided': {
      const data = event.data;
      const penalty = appeals.find((a) => a.data.appeal === data.appeal)?.data.penalty;
      return {
        appeals: appeals.map((a) => (a.data.appeal === data.appeal ? { ...a, decision: data } : a)),
        penalties: penalties.map((p) =>
          data.upheld && p.data.penalty === penalty ? { ...p, rescinded: true } : p,
        ),
      };
    }
  }
}

/** The points deducted from `seat` by the penalties still standing (not rescinded on appeal). */
export function standingDeductions<Seat>(penalties: readonly PenaltyRecord<Seat>[], seat: Seat): number {
  let points = 0;
  for (const p of penalties) {
    if (!p.rescinded && p.data.sanction === 'deduction' && p.data.seat === seat) points += p.data.points;
  }
  return points;
}
