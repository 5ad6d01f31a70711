import { GameSideSchema } from './game-seats';
import { z } from 'zod';
import { defineEvent, pastVersion } from '../catalog/definition';
import { matchStream } from '../streams';
import { EventReferenceSchema, idSchema } from './event-reference';

/**
 * v1 named disputed events only by revision inside the match stream. v2 names stream + revision
 * (+ hash) so an appeal can also dispute a tournament event (pairings, a correction), and records
 * the statement's language for the bilingual record.
 */
const AppealFiledV1Data = z.object({
  appealId: idSchema,
  matchId: idSchema,
  hand: z.int().min(1),
  disputedRevisions: z.array(z.int().min(0)).min(1).max(20),
  statement: z.string().min(1).max(4000),
});

/** A fee paid with an appeal, or refunded with a ruling that upholds it (GD-APL-2). */
export const AppealFeeSchema = z.object({ amount: z.int().min(0), currency: z.literal('CNY') });
export type AppealFee = z.infer<typeof AppealFeeSchema>;

export const AppealFiledSchema = z.object({
  type: z.literal('AppealFiled'),
  data: z.object({
    appealId: idSchema,
    matchId: idSchema,
    handNumber: z.int().min(1),
    disputed: z.array(EventReferenceSchema).min(1).max(20),
    statement: z.string().min(1).max(4000),
    language: z.enum(['zh-CN', 'en']),
    /**
     * GD-APL-1: the team whose captain signed the written appeal. Optional (added without a version
     * bump, so every stored v2 event stays valid): absent on appeals written before it existed.
     */
    appellant: z.object({ team: GameSideSchema, captain: z.string().min(1).max(100) }).optional(),
    /** GD-APL-1: the fee paid with the appeal (amount in yuan, as the regulations set it). */
    fee: AppealFeeSchema.optional(),
  }),
});
export type AppealFiled = z.infer<typeof AppealFiledSchema>;

export const appealFiled = defineEvent(AppealFiledSchema, {
  // Statements name players and allege misconduct: committee business until a ruling is public.
  disclosure: 'staff',
  history: [
    pastVersion(1, AppealFiledV1Data, (v1) => ({
      appealId: v1.appealId,
      matchId: v1.matchId,
      handNumber: v1.hand,
      disputed: v1.disputedRevisions.map((revision) => ({ stream: matchStream(v1.matchId), revision })),
      statement: v1.statement,
      // Every v1 appeal was filed through the zh-CN form.
      language: 'zh-CN',
    })),
  ],
});
