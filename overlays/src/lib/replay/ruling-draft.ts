/**
 * The committee's signed vote sheet as the arbiter keys it on the replay page, and the
 * body of `POST /api/appeals/:appealId/ruling` built from it. The field names and allowed values
 * are those of the server's IssueRulingRequestSchema and RulingRemedySchema (libs/events); the
 * server judges the sheet (GD-APL-2: odd committee of three or more, every member votes once), so
 * nothing here refuses a sheet: it only shapes what was typed.
 */
import { randomId } from '../console/ids';

export type CommitteeVote = 'uphold' | 'dismiss';
export const committeeVotes: readonly CommitteeVote[] = ['uphold', 'dismiss'];

/** The remedies of an upheld appeal (RulingRemedySchema's kinds but appeal-dismissed). */
export const remedyKinds = [
  'penalty-rescinded',
  'penalty-imposed',
  'hand-result-corrected',
  'hand-to-be-replayed',
  'match-result-adjusted',
] as const;
export type RemedyKind = (typeof remedyKinds)[number];

/** RulingRemedySchema's sanctions for a penalty the committee imposes. */
export const imposedSanctions = ['warning', 'violation', 'foul', 'gameLost'] as const;
export type ImposedSanction = (typeof imposedSanctions)[number];

export const seats = ['S', 'E', 'N', 'W'] as const;
export const teams = ['NS', 'EW'] as const;
/** levelIndex as HandEnded records it: 0 = 2 … 12 = A, 13 = past A (GD-LVL-1). */
export const levelIndexes: readonly number[] = Array.from({ length: 14 }, (_, i) => i);

export interface MemberRow {
  memberId: string;
  vote: CommitteeVote | null;
}

/** What the form holds; number inputs give null when empty (the server names the missing field). */
export interface RulingDraft {
  /**
   * Sent as `rulingId`, the same for every send of this sheet: a resend (the log busy, or the
   * answer lost) is answered with the ruling it recorded, never refused as a second ruling.
   */
  rulingId: string;
  members: MemberRow[];
  remedy: RemedyKind;
  /** penalty-rescinded: the PenaltyIssued's revision in the match stream. */
  penaltyRevision: number | null;
  /** penalty-imposed. */
  seat: (typeof seats)[number];
  sanction: ImposedSanction;
  penaltyRule: string;
  atRevision: number | null;
  /** hand-result-corrected, hand-to-be-replayed. */
  handNumber: number | null;
  levelsAfter: { NS: number | null; EW: number | null };
  /** match-result-adjusted. */
  loser: (typeof teams)[number];
  resultRule: string;
  reasoning: string;
}

interface Reference {
  readonly stream: string;
  readonly revision: number;
  readonly hash?: string;
}

/** What the draft starts from: the appeal being ruled on and the match's penalties. */
export interface DraftContext {
  readonly handNumber: number;
  /** The appeal's disputed events (with the hash the server pinned at filing). */
  readonly disputed: readonly Reference[];
  /** The match's PenaltyIssued revisions a ruling could rescind. */
  readonly penaltyRevisions: readonly number[];
  /** Where the replay stands, when the appeal contests nothing in this match. */
  readonly position: number;
}

/** A new ruling id; `idSchema` allows letters, digits, `_ . :` only, so not randomId's `-`. */
export function newRulingId(): string {
  return randomId('ru').replace('-', '_');
}

/** GD-APL-2 names no size but "three or more, odd": the sheet starts with three rows. */
export function newDraft(
  matchStream: string,
  context: DraftContext,
  rulingId: string = newRulingId(),
): RulingDraft {
  const inMatch = context.disputed.filter((ref) => ref.stream === matchStream).map((ref) => ref.revision);
  // An appeal against a penalty is most often ruled on by rescinding that penalty.
  const contestedPenalty = inMatch.find((revision) => context.penaltyRevisions.includes(revision));
  return {
    rulingId,
    members: [0, 1, 2].map(() => ({ memberId: '', vote: null })),
    remedy: contestedPenalty === undefined ? 'penalty-imposed' : 'penalty-rescinded',
    penaltyRevision: contestedPenalty ?? context.penaltyRevisions[0] ?? null,
    seat: 'S',
    sanction: 'warning',
    penaltyRule: '',
    atRevision: inMatch[0] ?? context.position,
    handNumber: context.handNumber,
    levelsAfter: { NS: null, EW: null },
    loser: 'NS',
    resultRule: '',
    reasoning: '',
  };
}

export interface Majority {
  readonly uphold: number;
  readonly dismiss: number;
  /** Members whose vote is not set yet. */
  readonly unset: number;
  /** The decision of the votes cast so far (null: none cast, or a tie). */
  readonly decision: CommitteeVote | null;
  /** GD-APL-2: an odd committee of three or more (a hint while typing; the server decides). */
  readonly oddCommittee: boolean;
}

/** The majority shown live as the votes are set (GD-APL-2: the majority decides). */
export function majorityOf(members: readonly MemberRow[]): Majority {
  const uphold = members.filter((m) => m.vote === 'uphold').length;
  const dismiss = members.filter((m) => m.vote === 'dismiss').length;
  return {
    uphold,
    dismiss,
    unset: members.length - uphold - dismiss,
    decision: uphold > dismiss ? 'uphold' : dismiss > uphold ? 'dismiss' : null,
    oddCommittee: members.length >= 3 && members.length % 2 === 1,
  };
}

/**
 * The request body. The remedy goes with an upheld majority only: a dismissed appeal needs none
 * (the server records appeal-dismissed), and a remedy against the majority would be refused.
 */
export function rulingRequestBody(draft: RulingDraft, matchStream: string, context: DraftContext): unknown {
  const committee = draft.members.map((m) => m.memberId.trim());
  const votes = draft.members.flatMap((m, i) =>
    m.vote === null ? [] : [{ memberId: committee[i] ?? '', vote: m.vote }],
  );
  const upheld = majorityOf(draft.members).decision === 'uphold';
  return {
    rulingId: draft.rulingId,
    committee,
    votes,
    ...(upheld ? { remedy: remedyOf(draft, matchStream, context) } : {}),
    reasoning: draft.reasoning,
  };
}

function remedyOf(draft: RulingDraft, matchStream: string, context: DraftContext): unknown {
  // The appeal pinned the hash of each event it contests: the remedy names the same content.
  const ref = (revision: number | null): unknown => {
    const pinned = context.disputed.find((r) => r.stream === matchStream && r.revision === revision);
    return pinned ?? { stream: matchStream, revision };
  };
  switch (draft.remedy) {
    case 'penalty-rescinded':
      return { kind: draft.remedy, penalty: ref(draft.penaltyRevision) };
    case 'penalty-imposed':
      return {
        kind: draft.remedy,
        seat: draft.seat,
        sanction: draft.sanction,
        rule: draft.penaltyRule.trim(),
        at: ref(draft.atRevision),
      };
    case 'hand-result-corrected':
      return { kind: draft.remedy, handNumber: draft.handNumber, levelsAfter: { ...draft.levelsAfter } };
    case 'hand-to-be-replayed':
      return { kind: draft.remedy, handNumber: draft.handNumber };
    case 'match-result-adjusted':
      return { kind: draft.remedy, loser: draft.loser, rule: draft.resultRule.trim() };
    default:
      return unreachable(draft.remedy);
  }
}

function unreachable(value: never): never {
  throw new Error(`unreachable: ${JSON.stringify(value)}`);
}
