import type { Lang } from '../../../lib/i18n';
import type { FileAppealOutcome } from './appeal-api';
import { appealMessages } from './appeal-messages';
import type { AppealIssue } from './appeal-request';
import { httpText } from './error-text';

/** A refused filing as shown: the rule ID (422 GD-APL-1) or the fields the server named. */
export interface AppealErrorText {
  readonly rule: string | null;
  readonly text: string;
  /** `statement`, `appellant.team`, `disputedRevisions.1`…: the server's paths, as sent back. */
  readonly fields: readonly { readonly path: string; readonly text: string }[];
}

export function appealErrorText(
  refusal: Extract<FileAppealOutcome, { ok: false }>,
  lang: Lang,
): AppealErrorText {
  const { error, status } = refusal;
  if (error?.rule !== undefined) {
    return {
      rule: error.rule,
      text: lang === 'en' || error.messageZh === undefined ? error.message : error.messageZh,
      fields: [],
    };
  }
  const fields = (error?.issues ?? []).map((issue) => ({ path: issue.path, text: issue.message }));
  const message = refusal.message;
  return {
    rule: null,
    text:
      fields.length > 0
        ? httpText(status, lang)
        : `${httpText(status, lang)}${message ? ` (${message})` : ''}`,
    fields,
  };
}

/** The form's own refusals (a number that is not one), worded like the server's. */
export function localAppealErrorText(issues: readonly AppealIssue[], lang: Lang): AppealErrorText {
  const text = appealMessages[lang];
  return {
    rule: null,
    text: httpText(400, lang),
    fields: issues.map((issue) => ({ path: issue.path, text: text.notInteger(issue.value) })),
  };
}

/** Which form field a server path points at (`disputedRevisions.1` → `disputedRevisions`). */
export function fieldOfPath(path: string): string {
  if (path.startsWith('disputedRevisions')) return 'disputedRevisions';
  if (path.startsWith('fee')) return 'fee.amount';
  return path;
}
