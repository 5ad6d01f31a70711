import type { MatchSnapshot } from './backend';
import { randomId } from '../../../lib/console/ids';

export type AppealTeam = 'NS' | 'EW';
export type AppealLanguage = 'zh-CN' | 'en';

/** What the appeal form holds (bound to its fields): text as typed, so an error never loses a keystroke. */
export interface AppealDraft {
  /** Sent as `appealId`: a retry after a lost answer is answered with the same appeal, not a second one. */
  appealId: string;
  handNumber: string;
  /** Disputed match-stream revisions, e.g. `41, 42` or `#41 #42`. */
  positions: string;
  team: AppealTeam | '';
  captain: string;
  statement: string;
  language: AppealLanguage;
  fee: string;
}

/** The body of `POST /api/matches/:id/appeals`, field for field FileAppealRequestSchema (server). */
export interface FileAppealBody {
  readonly appealId: string;
  readonly handNumber: number;
  readonly disputedRevisions: readonly number[];
  readonly statement: string;
  readonly language: AppealLanguage;
  readonly appellant: { readonly team: AppealTeam | ''; readonly captain: string };
  readonly fee: { readonly amount: number };
}

/** A field the form refused before sending, named as the server would name it. */
export interface AppealIssue {
  readonly path: string;
  readonly message: 'notInteger';
  readonly value: string;
}

export type BuiltAppeal =
  | { readonly ok: true; readonly body: FileAppealBody }
  | { readonly ok: false; readonly issues: readonly AppealIssue[] };

/** A new appeal id; `idSchema` allows letters, digits, `_ . :` only, so not randomId's `-`. */
export function newAppealId(): string {
  return randomId('ap').replace('-', '_');
}

/**
 * The form's defaults: the hand being played (or the last one), the revision of this console's
 * last accepted entry (or the match's last event), the page's language, no team chosen, fee 0.
 */
export function defaultAppealDraft(
  snapshot: MatchSnapshot | null,
  acceptedRevision: number | null,
  language: AppealLanguage,
  appealId: string = newAppealId(),
): AppealDraft {
  const state = snapshot?.state;
  const hand = state?.hand?.number ?? state?.handsPlayed ?? 1;
  const revision = acceptedRevision ?? snapshot?.revision ?? null;
  return {
    appealId,
    handNumber: String(Math.max(1, hand)),
    positions: revision === null ? '' : String(revision),
    team: '',
    captain: '',
    statement: '',
    language,
    fee: '0',
  };
}

/**
 * Reopening the form keeps what was typed; a draft left untouched is replaced by fresh defaults
 * (the table moved on since, so its hand and revision would be stale).
 */
export function reopenAppealDraft(
  previous: { readonly draft: AppealDraft; readonly defaults: AppealDraft } | null,
  fresh: AppealDraft,
): { readonly draft: AppealDraft; readonly defaults: AppealDraft } {
  // A copy: the form edits the draft in place, and the defaults must stay what they were.
  if (previous === null || sameDraft(previous.draft, previous.defaults))
    return { draft: { ...fresh }, defaults: fresh };
  return previous;
}

function sameDraft(a: AppealDraft, b: AppealDraft): boolean {
  return (Object.keys(a) as (keyof AppealDraft)[]).every((key) => a[key] === b[key]);
}

/** `41, 42`, `#41 #42`, `41、42` → [41, 42] (duplicates dropped); the first unreadable token otherwise. */
export function parsePositions(
  text: string,
): { readonly ok: true; readonly revisions: number[] } | { readonly ok: false; readonly token: string } {
  const revisions: number[] = [];
  for (const token of text.split(/[\s,，、;；]+/).filter((t) => t.length > 0)) {
    const digits = token.replace(/^#/, '');
    if (!/^\d{1,9}$/.test(digits)) return { ok: false, token };
    const revision = Number(digits);
    if (!revisions.includes(revision)) revisions.push(revision);
  }
  return { ok: true, revisions };
}

/**
 * The request body. Only what cannot be sent as a number is refused here (named like the
 * server's paths); every other check (statement required, team, hand started, positions the
 * match has, the GD-APL-1 window) is the server's, so the form shows the server's own answer.
 */
export function buildAppealRequest(draft: AppealDraft): BuiltAppeal {
  const issues: AppealIssue[] = [];
  const integer = (path: string, value: string): number => {
    const trimmed = value.trim();
    if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed);
    issues.push({ path, message: 'notInteger', value });
    return 0;
  };
  const handNumber = integer('handNumber', draft.handNumber);
  const positions = parsePositions(draft.positions);
  if (!positions.ok) {
    issues.push({ path: 'disputedRevisions', message: 'notInteger', value: positions.token });
  }
  const amount = integer('fee.amount', draft.fee);
  if (issues.length > 0 || !positions.ok) return { ok: false, issues };
  return {
    ok: true,
    body: {
      appealId: draft.appealId,
      handNumber,
      disputedRevisions: positions.revisions,
      statement: draft.statement,
      language: draft.language,
      appellant: { team: draft.team, captain: draft.captain },
      fee: { amount },
    },
  };
}
