/**
 * Lower-third text the producer writes from a template (选手介绍, 比分, 打 N, 自由文本) and puts on
 * air on the match's lower-third pages. Plain lists and a hand-written check with no zod, so the
 * dashboard can check a field as it is typed with the same rules the server answers 400 with.
 *
 * Unlike a cue, a caption carries text: the producer's own words, on air as soon as taken (no
 * security delay holds them: they are not game facts from the feed). Each page words the template
 * around the fields in its own language (`打 7` / `Playing 7`).
 */

/** A field of a template: its name in `fields`, whether it must be filled, its longest length. */
export interface CaptionField {
  readonly name: string;
  readonly required: boolean;
  readonly maxLength: number;
  /** The characters it may hold, when not any text; `hint` says which in the 400's message. */
  readonly pattern?: RegExp;
  readonly hint?: string;
}

/** GD-LVL-1: the levels a side can be at, 2 to A. */
const LEVEL = /^(?:[2-9]|10|[JQKA])$/;
/** A score as a scoreboard shows it: digits, or a level (2…A). */
const SCORE = /^[0-9A-Za-z]{1,4}$/;

export const CAPTION_TEMPLATES = {
  /** 选手介绍: the player's name and team. */
  player: [
    { name: 'name', required: true, maxLength: 24 },
    { name: 'team', required: false, maxLength: 24 },
  ],
  /** 比分: two sides and their scores. */
  score: [
    { name: 'leftTeam', required: true, maxLength: 16 },
    { name: 'leftScore', required: true, maxLength: 4, pattern: SCORE, hint: 'digits or a level, up to 4' },
    { name: 'rightTeam', required: true, maxLength: 16 },
    { name: 'rightScore', required: true, maxLength: 4, pattern: SCORE, hint: 'digits or a level, up to 4' },
  ],
  /** 打 N: the side and the level it plays (GD-LVL-1). */
  level: [
    { name: 'team', required: true, maxLength: 24 },
    {
      name: 'level',
      required: true,
      maxLength: 2,
      pattern: LEVEL,
      hint: 'a level 2-10, J, Q, K or A (GD-LVL-1)',
    },
  ],
  /** 自由文本: a title and an optional second line. */
  free: [
    { name: 'title', required: true, maxLength: 40 },
    { name: 'subtitle', required: false, maxLength: 60 },
  ],
} as const satisfies Readonly<Record<string, readonly CaptionField[]>>;

export type CaptionTemplate = keyof typeof CAPTION_TEMPLATES;
/** Every field name of every template (`name`, `level`, `leftScore`…). */
export type CaptionFieldName = (typeof CAPTION_TEMPLATES)[CaptionTemplate][number]['name'];
export const CAPTION_TEMPLATE_NAMES = Object.keys(CAPTION_TEMPLATES) as readonly CaptionTemplate[];

/** A template filled in: every field of the template, trimmed ('' for an optional one left empty). */
export interface LowerThirdCaption {
  readonly template: CaptionTemplate;
  readonly fields: Readonly<Record<string, string>>;
}

export type ParsedCaption =
  | { readonly ok: true; readonly caption: LowerThirdCaption }
  | { readonly ok: false; readonly path: string; readonly message: string };

const isTemplate = (name: unknown): name is CaptionTemplate =>
  typeof name === 'string' && Object.hasOwn(CAPTION_TEMPLATES, name);

/** What is wrong with a field's value: the dashboard words it in its language, the server in English. */
export type CaptionFieldIssue =
  | { readonly kind: 'required' }
  | { readonly kind: 'tooLong'; readonly maxLength: number; readonly given: number }
  | { readonly kind: 'pattern' };

/** Characters as a reader counts them: 张伟 is 2, an emoji with its modifiers 1. */
const characters = (text: string): number => [...new Intl.Segmenter().segment(text)].length;

/** The first thing wrong with one field's value (trimmed, counted in characters), or null. */
export function captionFieldIssue(field: CaptionField, value: string): CaptionFieldIssue | null {
  const text = value.trim();
  if (text === '') return field.required ? { kind: 'required' } : null;
  const given = characters(text);
  if (given > field.maxLength) return { kind: 'tooLong', maxLength: field.maxLength, given };
  if (field.pattern !== undefined && !field.pattern.test(text)) return { kind: 'pattern' };
  return null;
}

function issueMessage(field: CaptionField, issue: CaptionFieldIssue): string {
  switch (issue.kind) {
    case 'required':
      return 'must be filled in';
    case 'tooLong':
      return `must be at most ${String(issue.maxLength)} characters (${String(issue.given)} given)`;
    case 'pattern':
      return `must be ${field.hint ?? 'valid'}`;
  }
}

/**
 * Reads a caption from an untrusted body, naming the first field that is wrong under `prefix`
 * (`caption.template`, `caption.fields.level`).
 */
export function parseCaption(value: unknown, prefix = 'caption'): ParsedCaption {
  const fail = (path: string, message: string): ParsedCaption => ({ ok: false, path, message });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail(prefix, 'must be { template, fields }');
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).find((key) => key !== 'template' && key !== 'fields');
  if (extra !== undefined) return fail(`${prefix}.${extra}`, 'unknown field');
  if (!isTemplate(record.template))
    return fail(`${prefix}.template`, `must be one of ${CAPTION_TEMPLATE_NAMES.join(', ')}`);
  const template: readonly CaptionField[] = CAPTION_TEMPLATES[record.template];
  const given = record.fields ?? {};
  if (typeof given !== 'object' || Array.isArray(given))
    return fail(`${prefix}.fields`, 'must be an object of text fields');
  const entries = given as Record<string, unknown>;
  const unknown = Object.keys(entries).find((key) => !template.some((f) => f.name === key));
  if (unknown !== undefined)
    return fail(
      `${prefix}.fields.${unknown}`,
      `not a field of ${record.template} (${template.map((f) => f.name).join(', ')})`,
    );
  const fields: Record<string, string> = {};
  for (const field of template) {
    const raw = entries[field.name] ?? '';
    if (typeof raw !== 'string') return fail(`${prefix}.fields.${field.name}`, 'must be text');
    const issue = captionFieldIssue(field, raw);
    if (issue !== null) return fail(`${prefix}.fields.${field.name}`, issueMessage(field, issue));
    fields[field.name] = raw.trim();
  }
  return { ok: true, caption: { template: record.template, fields } };
}
