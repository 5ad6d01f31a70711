import {
  DIRECTOR_MOMENTS,
  OVERLAY_MOMENTS,
  OverlayCueSchema,
  type DirectorAction,
  type DirectorRule,
  type OverlayCue,
} from '@tablecast/protocol';
import { z } from 'zod';

/**
 * The auto-director's rules as data: one zod schema validates the API's input and the
 * persisted file into the producer contract's types. A rule says which released moment it
 * reacts to, what it does (cut or take a scene, cue an overlay moment, trigger a take) and how long
 * it then stays quiet (`cooldownMs`).
 */

// The rules' types and the moments they react to are the producer contract's: the
// dashboard edits the same shapes. The schemas below validate into them.
export { DIRECTOR_MOMENTS } from '@tablecast/protocol';
export type { DirectorAction, DirectorMoment, DirectorRule } from '@tablecast/protocol';

const sceneName = z
  .string({ error: 'must be an OBS scene name' })
  .trim()
  .min(1, 'must be an OBS scene name')
  .max(256, 'must be at most 256 characters');

const milliseconds = (max: number) =>
  z
    .number({ error: `must be a whole number of ms from 0 to ${String(max)}` })
    .int(`must be a whole number of ms from 0 to ${String(max)}`)
    .min(0, `must be a whole number of ms from 0 to ${String(max)}`)
    .max(max, `must be a whole number of ms from 0 to ${String(max)}`);

/**
 * The producer contract's `OverlayCue` (its schema in @tablecast/protocol is the one source): it
 * carries no game data, the page replays the latest such moment it already has.
 */
export const overlayCueSchema = z.custom<OverlayCue>((value) => OverlayCueSchema.safeParse(value).success, {
  error: `must be { moment: ${OVERLAY_MOMENTS.join('|')} } or { lowerThird: <a seat of the game>|clear }`,
});
export type DirectorCue = OverlayCue;

export const directorActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('switchScene'),
      scene: sceneName,
      /** `cut`: straight to program. `previewAndTake`: preview, then a studio-mode take (with its transition). */
      mode: z.enum(['cut', 'previewAndTake'], { error: 'must be cut or previewAndTake' }),
      /** Go back to the scene that was on program before, this long after the switch (never sooner than the dwell). */
      returnAfterMs: milliseconds(600_000).optional(),
    }),
    z.strictObject({ type: z.literal('showMoment'), cue: overlayCueSchema }),
    z.strictObject({
      type: z.literal('transition'),
      /** The OBS transition to take with (its current one when absent). */
      transition: z.string().trim().min(1, 'must be an OBS transition name').optional(),
    }),
  ],
  { error: 'must be switchScene, showMoment or transition' },
) satisfies z.ZodType<DirectorAction>;

export const directorRuleSchema = z.strictObject({
  id: z
    .string({ error: 'must be a rule id' })
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . or -'),
  enabled: z.boolean({ error: 'must be true or false' }),
  on: z.enum(DIRECTOR_MOMENTS, { error: `must be one of ${DIRECTOR_MOMENTS.join(', ')}` }),
  action: directorActionSchema,
  /** After the rule acted, it stays quiet this long (repeats are logged as `cooldown`). */
  cooldownMs: milliseconds(3_600_000),
  /** The OBS instance (OBS_INSTANCES name); the bridge's default (`main`) when absent. */
  obs: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/, 'must be an OBS instance name from OBS_INSTANCES')
    .optional(),
}) satisfies z.ZodType<DirectorRule>;

export const directorRulesSchema = z
  .array(directorRuleSchema, { error: 'must be a list of rules' })
  .max(200, 'must hold at most 200 rules')
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, index) => {
      if (seen.has(rule.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate rule id "${rule.id}"` });
      }
      seen.add(rule.id);
    });
  });

/** Default global dwell: once the program scene changed, no rule changes it again for this long. */
export const DEFAULT_MIN_SCENE_DWELL_MS = 8_000;

/** Everything the director is configured with; what `director.json` in the data dir holds. */
export const directorSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'must be true or false' }),
  /** No rule changes the program scene sooner than this after its last change, so it never flickers. */
  minSceneDwellMs: milliseconds(600_000),
  rules: directorRulesSchema,
});
export type DirectorSettings = z.infer<typeof directorSettingsSchema>;

/**
 * The defaults: bomb-class plays (Dou Dizhu's rocket too), a spring or an anti-spring, tributes and
 * penalties cue their moment card (the moments overlay is in both the Table and Overhead scenes); a
 * deal's end takes the Table scene, where the hand-end card plays; a deal at match point takes the
 * Overhead scene for its start and goes back.
 */
export const DEFAULT_DIRECTOR_RULES: readonly DirectorRule[] = [
  {
    id: 'bomb-moment',
    enabled: true,
    on: 'bomb',
    action: { type: 'showMoment', cue: { moment: 'bomb' } },
    cooldownMs: 10_000,
  },
  {
    id: 'straight-flush-moment',
    enabled: true,
    on: 'straightFlush',
    action: { type: 'showMoment', cue: { moment: 'straightFlush' } },
    cooldownMs: 10_000,
  },
  {
    id: 'four-jokers-moment',
    enabled: true,
    on: 'fourJokers',
    action: { type: 'showMoment', cue: { moment: 'fourJokers' } },
    cooldownMs: 10_000,
  },
  {
    id: 'hand-end-table',
    enabled: true,
    on: 'handEnd',
    action: { type: 'switchScene', scene: 'Table', mode: 'previewAndTake' },
    cooldownMs: 30_000,
  },
  {
    id: 'tribute-moment',
    enabled: true,
    on: 'tribute',
    action: { type: 'showMoment', cue: { moment: 'tribute' } },
    cooldownMs: 20_000,
  },
  {
    id: 'penalty-bug',
    enabled: true,
    on: 'penalty',
    action: { type: 'showMoment', cue: { moment: 'penalty' } },
    cooldownMs: 15_000,
  },
  {
    id: 'rocket-moment',
    enabled: true,
    on: 'rocket',
    action: { type: 'showMoment', cue: { moment: 'rocket' } },
    cooldownMs: 10_000,
  },
  {
    id: 'spring-moment',
    enabled: true,
    on: 'spring',
    action: { type: 'showMoment', cue: { moment: 'spring' } },
    cooldownMs: 10_000,
  },
  {
    id: 'anti-spring-moment',
    enabled: true,
    on: 'antiSpring',
    action: { type: 'showMoment', cue: { moment: 'antiSpring' } },
    cooldownMs: 10_000,
  },
  {
    id: 'match-point-overhead',
    enabled: true,
    on: 'matchPoint',
    action: { type: 'switchScene', scene: 'Overhead', mode: 'previewAndTake', returnAfterMs: 12_000 },
    cooldownMs: 60_000,
  },
];

export const DEFAULT_DIRECTOR_SETTINGS: DirectorSettings = {
  enabled: true,
  minSceneDwellMs: DEFAULT_MIN_SCENE_DWELL_MS,
  rules: [...DEFAULT_DIRECTOR_RULES],
};

/** A field of the rules that failed validation: `rules.2.cooldownMs: must be …`. */
export interface DirectorFieldIssue {
  readonly path: string;
  readonly message: string;
}

export type ParsedDirector<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly DirectorFieldIssue[] };

/** Validates with a schema above, naming each bad field from `prefix` (`rules.2.cooldownMs`). */
export function parseDirector<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix: string,
): ParsedDirector<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.') || '(body)',
      message: issue.message,
    })),
  };
}
