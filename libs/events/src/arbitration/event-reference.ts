import { z } from 'zod';
import { sha256Hex } from '../envelope';

/**
 * How arbitration events point at the log. A stream name plus revision is stable across stores
 * (global positions are numbered differently by SQLite and KurrentDB, and change on migration),
 * and the optional hash pins the exact content the appeal was about.
 */
export const EventReferenceSchema = z.object({
  stream: z.string().min(1).max(200),
  revision: z.int().min(0),
  hash: sha256Hex.optional(),
});
export type EventReference = z.infer<typeof EventReferenceSchema>;

export const idSchema = z.string().regex(/^[A-Za-z0-9_.:]{1,64}$/, 'expected 1–64 letters, digits, _ . or :');
