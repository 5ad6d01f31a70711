import { z } from 'zod';

/** TRN-EVT-3: a round is one pairing of opponents; the regulations say how many games it holds. */
const RoundUnitSchema = z
  .object({
    /** Games (局) per round: 1, or e.g. 3 for best of three. */
    games: z.number().int().min(1).max(9),
    /** Whether the games are a best-of (first to a majority) or all played. */
    bestOf: z.boolean(),
  })
  .strict();

/** One stage of an event (TRN-EVT-2: formats may be combined), with where it is played (TRN-EVT-1). */
const StageSchema = z
  .object({
    format: z.enum([
      'singleKnockout',
      'doubleKnockout',
      'roundRobin',
      'doubleRoundRobin',
      'groupRoundRobin',
      'swiss',
      'swissElimination',
      'duplicateSwiss',
    ]),
    /** TRN-EVT-1 / TRN-SWISS-5: on-site (限定场地赛), remote (非限定场地赛), or TV. */
    venue: z.enum(['onSite', 'remote', 'tv']),
    rounds: z.number().int().min(1),
    unit: RoundUnitSchema,
    /** Pairs that go on to the next stage; the last stage has none. */
    advance: z.number().int().min(1).optional(),
  })
  .strict();

/** An event's formats as the regulations set them; parsed once, errors name the field. */
export const EventFormatSchema = z
  .object({ stages: z.array(StageSchema).min(1) })
  .strict()
  .superRefine((event, ctx) => {
    for (const [i, stage] of event.stages.entries()) {
      const last = i === event.stages.length - 1;
      if (!last && stage.advance === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['stages', i, 'advance'],
          message: 'TRN-EVT-2: a stage before another must say how many pairs go on',
        });
      if (stage.unit.bestOf && stage.unit.games % 2 === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['stages', i, 'unit', 'games'],
          message: 'TRN-EVT-3: a best-of needs an odd number of games',
        });
    }
  });
export type EventFormat = z.infer<typeof EventFormatSchema>;

/** TRN-EVT-1: on-site, remote, or a combination of the two (and TV, TRN-SWISS-5). */
export function eventVenue(event: EventFormat): 'onSite' | 'remote' | 'tv' | 'mixed' {
  const venues = new Set(event.stages.map((s) => s.venue));
  const [only] = venues;
  return venues.size === 1 && only !== undefined ? only : 'mixed';
}
