import type { Lang } from '../i18n';

/** The countdown page's settings from its URL, or what is wrong with them (named by field). */
export type CountdownParams =
  | { readonly ok: true; readonly untilMs: number; readonly label: string | null }
  | { readonly ok: false; readonly field: 'until'; readonly problem: string };

const LABEL_MAX = 40;

/**
 * `until=` is the moment the countdown reaches zero: an ISO time with its offset
 * (`2026-11-28T15:30:00+08:00`), or a wall-clock time today on this PC (`15:30`, `15:30:45`); a
 * time already past today means tomorrow, as a producer setting `00:10` at 23:55 means. An absolute
 * time, not a duration, so an OBS that reloads the source keeps counting to the same moment.
 * `label=` replaces the default caption.
 */
export function countdownParams(params: URLSearchParams, nowMs: number): CountdownParams {
  const until = params.get('until');
  const rawLabel = params.get('label')?.trim() ?? '';
  const label = rawLabel === '' ? null : rawLabel.slice(0, LABEL_MAX);
  if (until === null || until === '')
    return { ok: false, field: 'until', problem: 'is required: an ISO time or HH:MM (today, this PC)' };
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(until);
  if (clock) {
    const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
    if (hours > 23 || minutes > 59 || seconds > 59)
      return { ok: false, field: 'until', problem: `is not a time of day: ${until}` };
    const at = new Date(nowMs);
    at.setHours(hours, minutes, seconds, 0);
    const untilMs = at.getTime() < nowMs - 1_000 ? at.getTime() + 86_400_000 : at.getTime();
    return { ok: true, untilMs, label };
  }
  // An ISO date-time with its offset only: a bare date would be read as midnight UTC.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(until))
    return {
      ok: false,
      field: 'until',
      problem: `must be an ISO time with its offset or HH:MM, got ${until}`,
    };
  const untilMs = Date.parse(until);
  if (Number.isNaN(untilMs)) return { ok: false, field: 'until', problem: `is not a valid time: ${until}` };
  return { ok: true, untilMs, label };
}

/** Whole seconds left, counted up (a countdown shows 0:01 until the very end, then 0:00). */
export const secondsLeft = (untilMs: number, nowMs: number): number =>
  Math.max(0, Math.ceil((untilMs - nowMs) / 1000));

/** `m:ss`, or `h:mm:ss` from an hour. */
export function countdownText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${ss}` : `${String(m)}:${ss}`;
}

export interface CountdownCatalog {
  readonly label: string;
  readonly done: string;
  readonly problem: (field: string, problem: string) => string;
}

export const countdownMessages: Readonly<Record<Lang, CountdownCatalog>> = {
  'zh-CN': {
    label: '距比赛开始',
    done: '比赛即将开始',
    problem: (field, problem) => `倒计时参数错误：${field} ${problem}`,
  },
  en: {
    label: 'Starting in',
    done: 'Starting now',
    problem: (field, problem) => `Countdown: ${field} ${problem}`,
  },
};
