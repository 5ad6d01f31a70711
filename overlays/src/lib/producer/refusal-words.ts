import type { CommandErrorBody } from '@tablecast/protocol';
import type { Lang } from '../i18n';

/**
 * A server's refusal in the dashboard's language. The server says what it refused in machine-readable
 * form beside its English message (libs/protocol/src/server-messages.ts, `CommandErrorBody`): the
 * field paths of a 400 with each issue's code, the rule ID of a 422, a `code` for a refusal that is
 * neither (a stale rundown, a proposal already taken), the `StaleRevision` label with the current
 * revision. The dashboard words those; the field path and the rule ID stay in the line as they came.
 * Anything it does not know (a newer code, a `custom` issue whose meaning is only in its message)
 * is shown as the server said it.
 */

/** What the dashboard reads of an error body: every field may be missing (an older server, a proxy). */
export type Refusal = Partial<Omit<CommandErrorBody, 'statusCode'>>;

/** An action's failure as the API client reports it (producer-api.ts). */
export interface Failure {
  /** 0: no answer at all. */
  readonly status: number;
  /** The server's message (or the network's); the line when nothing else is known. */
  readonly message: string;
  readonly refusal?: Refusal | undefined;
}

/** The issue codes worded (the schema library's, and the server's own `duplicate`). */
type IssueCode =
  | 'invalid_type'
  | 'too_big'
  | 'too_small'
  | 'invalid_value'
  | 'invalid_format'
  | 'invalid_union'
  | 'not_multiple_of'
  | 'duplicate';

/**
 * The refusals the producer's routes give a code (rundown, program), and the dashboard's own
 * `noMatchSelected`: a match action asked with no match chosen, refused before any request.
 */
type RefusalCode =
  'rundownStale' | 'itemLive' | 'nothingCued' | 'proposalGone' | 'noSuchTable' | 'noMatchSelected';

interface RefusalWords {
  readonly separator: string;
  readonly issue: (path: string, problem: string) => string;
  readonly issues: Readonly<Record<IssueCode, string>>;
  readonly codes: Readonly<Record<RefusalCode, (refusal: Refusal) => string>>;
  readonly staleRevision: (current: number | undefined) => string;
  readonly rule: (rule: string, refusal: Refusal) => string;
  readonly offline: (message: string) => string;
}

const revision = (n: number | undefined, words: (n: number) => string): string =>
  n === undefined ? '' : words(n);

const zh: RefusalWords = {
  separator: '；',
  issue: (path, problem) => `字段 ${path} ${problem}`,
  issues: {
    invalid_type: '类型不对',
    too_big: '超出允许范围',
    too_small: '低于允许范围或为空',
    invalid_value: '不是允许的取值',
    invalid_format: '格式不对',
    invalid_union: '不符合任何允许的形式',
    not_multiple_of: '不是允许的步长',
    duplicate: '与前面的重复',
  },
  codes: {
    rundownStale: (r) =>
      `节目单已被他人修改${revision(r.currentRevision, (n) => `（现为第 ${String(n)} 版）`)}，请刷新后再改`,
    itemLive: () => '正在播出的条目已锁定，不能修改或删除',
    nothingCued: () => '节目单中没有已预备的条目',
    proposalGone: () => '该建议已被采纳、忽略或被新建议取代',
    noSuchTable: () => '节目中没有这张桌',
    noMatchSelected: () => '尚未选择比赛',
  },
  staleRevision: (n) => `已被他人更改${revision(n, (v) => `（现为第 ${String(v)} 版）`)}，请刷新后重试`,
  rule: (rule, r) => `违反规则 ${rule}${r.messageZh === undefined ? '' : `：${r.messageZh}`}`,
  offline: () => '没有连上服务器',
};

const en: RefusalWords = {
  separator: '; ',
  issue: (path, problem) => `field ${path} ${problem}`,
  issues: {
    invalid_type: 'has the wrong type',
    too_big: 'is above the allowed range',
    too_small: 'is below the allowed range or empty',
    invalid_value: 'is not an allowed value',
    invalid_format: 'has the wrong format',
    invalid_union: 'matches none of the allowed forms',
    not_multiple_of: 'is not an allowed step',
    duplicate: 'repeats an earlier one',
  },
  codes: {
    rundownStale: (r) =>
      `the rundown was changed meanwhile${revision(r.currentRevision, (n) => ` (now revision ${String(n)})`)}; reload and edit again`,
    itemLive: () => 'the item on air is locked: it cannot be changed or removed',
    nothingCued: () => 'no rundown item is cued',
    proposalGone: () => 'the proposal was already taken, dismissed or replaced',
    noSuchTable: () => 'no such table in the program',
    noMatchSelected: () => 'no match selected',
  },
  staleRevision: (n) =>
    `changed meanwhile${revision(n, (v) => ` (now revision ${String(v)})`)}; reload and try again`,
  rule: (rule, r) => `breaks rule ${rule}${r.message === undefined ? '' : `: ${r.message}`}`,
  offline: (message) => `no answer from the server (${message})`,
};

export const refusalWords: Readonly<Record<Lang, RefusalWords>> = { 'zh-CN': zh, en };

const has = <K extends string>(words: Readonly<Record<K, unknown>>, key: string | undefined): key is K =>
  key !== undefined && Object.hasOwn(words, key);

/** The refusal in `lang`, or the server's own message for what this dashboard does not know. */
export function wordRefusal(lang: Lang, failure: Failure): string {
  const words = refusalWords[lang];
  if (failure.status === 0) return words.offline(failure.message);
  const refusal = failure.refusal;
  if (refusal === undefined) return failure.message;
  // 422: the rule ID leads, as the referee's console shows it.
  if (refusal.rule !== undefined) return words.rule(refusal.rule, refusal);
  if (has(words.codes, refusal.code)) return words.codes[refusal.code](refusal);
  if (refusal.code !== undefined) return failure.message;
  const issues = refusal.issues ?? [];
  if (issues.length > 0) {
    const worded = issues.map((issue) =>
      has(words.issues, issue.code) ? words.issue(issue.path, words.issues[issue.code]) : null,
    );
    // One issue the dashboard cannot word: the server's line, which names every field.
    return worded.every((line) => line !== null) ? worded.join(words.separator) : failure.message;
  }
  if (refusal.error === 'StaleRevision') return words.staleRevision(refusal.currentRevision);
  return failure.message;
}

/** The machine-readable part of an error body; undefined when it has none (an older server, a proxy). */
export function refusalOf(body: unknown): Refusal | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const issues = Array.isArray(b.issues)
    ? b.issues.flatMap((i: unknown) => {
        if (typeof i !== 'object' || i === null) return [];
        const issue = i as Record<string, unknown>;
        const path = text(issue.path);
        const message = text(issue.message);
        const code = text(issue.code);
        if (path === undefined || message === undefined) return [];
        return [{ path, message, ...(code === undefined ? {} : { code }) }];
      })
    : undefined;
  const fields = {
    error: text(b.error),
    code: text(b.code),
    rule: text(b.rule),
    message: text(b.message),
    messageZh: text(b.messageZh),
  };
  const refusal: Refusal = {
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(issues === undefined ? {} : { issues }),
    ...(typeof b.currentRevision === 'number' ? { currentRevision: b.currentRevision } : {}),
  };
  const readable = ['error', 'code', 'rule', 'issues', 'currentRevision'].some((k) => k in refusal);
  return readable ? refusal : undefined;
}
