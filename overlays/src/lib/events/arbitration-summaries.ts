import type { Lang } from '../i18n';
import { arbitrationWords, type ArbitrationWords } from './arbitration-words';

/**
 * The sentences of the committee's events: a penalty with its rule ID, an appeal with
 * the positions it contests, a ruling with what its remedy changes, a result correction with the
 * event it supersedes and what that event now says. Display only (STYLE 11): the raw data stays
 * beside it on the page; these name what the log recorded and decide nothing.
 */

/** What the sentences need from the summarizer: seats, pairs and levels named in the page's language. */
export interface Namer {
  readonly lang: Lang;
  who(seat: string): string;
  team(pair: string): string;
  /** levelIndex 0 = 2 … 12 = A, 13 = past A. */
  level(index: number): string;
  /** An event type as a referee calls it (the game names its own events, the platform's too). */
  event(type: string): string;
}

/** The fields read from the platform's events (libs/events, not bundled in the overlays). */
interface Reference {
  readonly stream: string;
  readonly revision: number;
}
export interface PenaltyData {
  readonly seat: string;
  readonly sanction: string;
  readonly rule: string;
  readonly note?: string;
}
export interface AppealFiledData {
  readonly appealId: string;
  readonly handNumber: number;
  readonly disputed: readonly Reference[];
  readonly appellant?: { readonly team: string; readonly captain: string };
}
type Remedy =
  | { readonly kind: 'appeal-dismissed' }
  | { readonly kind: 'penalty-rescinded'; readonly penalty: Reference }
  | ({ readonly kind: 'penalty-imposed'; readonly at: Reference } & PenaltyData)
  | { readonly kind: 'hand-result-corrected'; readonly handNumber: number; readonly levelsAfter: Levels }
  | { readonly kind: 'hand-to-be-replayed'; readonly handNumber: number }
  | { readonly kind: 'match-result-adjusted'; readonly loser: string; readonly rule: string };
export interface RulingIssuedData {
  readonly appealId: string;
  readonly rulingId: string;
  readonly outcome: string;
  readonly votes: readonly { readonly memberId: string; readonly vote: string }[];
  readonly remedy?: Remedy;
  readonly feeRefund?: { readonly amount: number } | null;
}
export interface ResultCorrectedData {
  readonly handNumber: number | null;
  readonly reason: string;
  readonly rulingId: string | null;
  readonly supersedes: Reference;
  readonly corrected: Readonly<Record<string, unknown>>;
  readonly effect?: string;
  readonly note: string;
}
interface Levels {
  readonly NS: number;
  readonly EW: number;
}

const wordsOf = (n: Namer): ArbitrationWords => arbitrationWords[n.lang];
const sanction = (w: ArbitrationWords, name: string): string => w.sanctions[name] ?? name;

/** A penalty as a sentence; the rule ID is always in it (GD-PEN-1: every penalty names its rule). */
export function penaltySentence(d: PenaltyData, n: Namer): string {
  const w = wordsOf(n);
  return w.penalty(n.who(d.seat), sanction(w, d.sanction), d.rule, d.note ?? '');
}

export function appealSentence(d: AppealFiledData, n: Namer): string {
  const w = wordsOf(n);
  const by = d.appellant ? w.captain(n.team(d.appellant.team), d.appellant.captain) : null;
  return w.appeal(d.appealId, d.handNumber, w.events(d.disputed.map((ref) => ref.revision)), by);
}

export function rulingSentence(d: RulingIssuedData, n: Namer): string {
  const w = wordsOf(n);
  const uphold = d.votes.filter((v) => v.vote === 'uphold').length;
  const upheld = d.outcome !== 'appeal-dismissed';
  const parts = [w.ruling(d.rulingId, d.appealId, w.verdict(upheld), uphold, d.votes.length - uphold)];
  // What it changes: the remedy spelled out; a ruling recorded without one names its outcome.
  const changed = d.remedy ? remedyText(d.remedy, n) : upheld ? (w.outcomes[d.outcome] ?? d.outcome) : null;
  if (changed) parts.push(changed);
  if (d.feeRefund) parts.push(w.feeRefund(d.feeRefund.amount));
  return parts.join(n.lang === 'en' ? '; ' : '；');
}

/** What a remedy changes, or null for a dismissed appeal (nothing changes). */
function remedyText(remedy: Remedy, n: Namer): string | null {
  const w = wordsOf(n);
  switch (remedy.kind) {
    case 'appeal-dismissed':
      return null;
    case 'penalty-rescinded':
      return w.remedies.penaltyRescinded(w.eventAt(remedy.penalty.revision, n.event('PenaltyIssued')));
    case 'penalty-imposed':
      return w.remedies.penaltyImposed(
        penaltySentence({ ...remedy, note: '' }, n),
        w.events([remedy.at.revision]),
      );
    case 'hand-result-corrected':
      return w.remedies.handResult(remedy.handNumber, levels(remedy.levelsAfter, n));
    case 'hand-to-be-replayed':
      return w.remedies.handReplayed(remedy.handNumber);
    case 'match-result-adjusted':
      return w.remedies.matchResult(n.team(remedy.loser), remedy.rule);
    default: {
      const unknown: never = remedy;
      throw new Error(`no sentence for remedy ${JSON.stringify(unknown)}`);
    }
  }
}

/** A result correction: who ordered it, the event it supersedes by position and name, what it says now. */
export function correctionSentence(d: ResultCorrectedData, n: Namer): string {
  const w = wordsOf(n);
  const by = w.correctionBy(w.correctionReasons[d.reason] ?? d.reason, d.rulingId);
  const c = d.corrected;
  const at = (type: string | null): string =>
    type === null ? w.events([d.supersedes.revision]) : w.eventAt(d.supersedes.revision, n.event(type));
  let text: string;
  if (d.effect === 'voided') {
    text = w.voided(by, at(typeof c.voidedType === 'string' ? c.voidedType : null));
  } else if (d.effect === 'penalty-added') {
    // The penalty's own note is the ruling's reasoning, said once at the end.
    const penalty = { ...(c as unknown as PenaltyData), note: '' };
    text = w.penaltyAdded(by, penaltySentence(penalty, n), w.events([d.supersedes.revision]));
  } else if (isLevels(c.levelsAfter) && typeof c.handNumber === 'number') {
    text = w.replaced(by, at('HandEnded'), w.handResultNow(c.handNumber, levels(c.levelsAfter, n)));
  } else if (isLevels(c.matchPoints)) {
    // Match points are kept in tenths (DEC-T-2).
    const score = `${n.team('NS')} ${String(c.matchPoints.NS / 10)} : ${String(c.matchPoints.EW / 10)} ${n.team('EW')}`;
    const winner = typeof c.winner === 'string' ? n.team(c.winner) : null;
    text = w.replaced(by, at('MatchEnded'), w.matchResultNow(score, winner));
  } else {
    text = w.replaced(by, at(null), JSON.stringify(c));
  }
  return d.note ? `${text}${w.note(d.note, d.rulingId !== null)}` : text;
}

/** The positions of this match an event points at (a correction's superseded event, an appeal's disputed ones). */
export function referencedRevisions(
  event: { readonly type: string; readonly data: unknown },
  matchId: string,
): number[] {
  const data = event.data;
  if (typeof data !== 'object' || data === null) return [];
  const refs: unknown[] =
    event.type === 'ResultCorrected' && 'supersedes' in data
      ? [data.supersedes]
      : event.type === 'AppealFiled' && 'disputed' in data && Array.isArray(data.disputed)
        ? data.disputed
        : [];
  return refs.flatMap((ref) => (isReference(ref) && ref.stream === `match-${matchId}` ? [ref.revision] : []));
}

function levels(l: Levels, n: Namer): string {
  return wordsOf(n).levels(n.team('NS'), n.level(l.NS), n.team('EW'), n.level(l.EW));
}

function isLevels(value: unknown): value is Levels {
  return (
    typeof value === 'object' &&
    value !== null &&
    'NS' in value &&
    'EW' in value &&
    typeof value.NS === 'number' &&
    typeof value.EW === 'number'
  );
}

function isReference(value: unknown): value is Reference {
  return (
    typeof value === 'object' &&
    value !== null &&
    'stream' in value &&
    'revision' in value &&
    typeof value.stream === 'string' &&
    typeof value.revision === 'number'
  );
}
