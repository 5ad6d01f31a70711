import type { Lang } from '../../../lib/i18n';
import { consoleMessages } from './console-messages';
import type { ConsoleError } from './console-state';

/** The line shown for an error: rule rejections keep their rule ID and the server's own wording. */
export function errorText(
  error: ConsoleError,
  lang: Lang,
): { readonly rule: string | null; readonly text: string } {
  const text = consoleMessages[lang];
  switch (error.kind) {
    case 'rule':
      return { rule: error.rule, text: lang === 'en' ? error.message : error.messageZh };
    case 'stale':
      return { rule: null, text: text.errors.stale(error.currentRevision) };
    case 'http':
      return {
        rule: null,
        text: `${httpText(error.status, lang)}${error.message ? ` (${error.message})` : ''}`,
      };
    case 'local':
      return { rule: null, text: localText(error.code, error.detail, lang) };
    default:
      return unreachable(error);
  }
}

export function httpText(status: number, lang: Lang): string {
  const errors = consoleMessages[lang].errors;
  if (status === 0) return errors.network;
  if (status === 400) return errors.badRequest;
  if (status === 401) return errors.unauthorized;
  if (status === 403) return errors.forbidden;
  if (status === 404) return errors.notFound;
  return `HTTP ${String(status)}`;
}

function localText(
  code: Extract<ConsoleError, { kind: 'local' }>['code'],
  detail: string,
  lang: Lang,
): string {
  const text = consoleMessages[lang];
  switch (code) {
    case 'notHeld':
      return text.errors.notHeld(detail);
    case 'unreadable':
      return text.errors.unreadable(detail);
    case 'notThisSeat':
      return text.errors.notThisSeat(text.seats[detail as keyof typeof text.seats]);
    case 'nothingSelected':
      return text.errors.nothingSelected;
    case 'oneCard':
      return text.errors.oneCard;
    case 'cannotPass':
      return text.errors.cannotPass;
    case 'busy':
      return text.errors.busy;
    case 'nothingToUndo':
      return text.errors.nothingToUndo;
    case 'noPendingCorrection':
      return text.errors.noPendingCorrection;
    default:
      return unreachable(code);
  }
}

function unreachable(value: never): never {
  throw new Error(`unreachable: ${JSON.stringify(value)}`);
}
