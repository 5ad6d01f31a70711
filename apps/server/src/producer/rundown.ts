import type { Rundown } from '@tablecast/protocol';
import { z } from 'zod';

/** The rundown's types are the producer contract's, shared with the dashboard. */
export type { Rundown, RundownItem } from '@tablecast/protocol';

export const EMPTY_RUNDOWN: Rundown = { revision: 0, obs: 'main', items: [], cuedId: null, liveId: null };

const itemInput = z.object({
  /** New items may leave the id to the server. */
  id: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ . : -')
    .optional(),
  label: z.string({ error: 'must be a text' }).trim().min(1, 'must not be empty').max(120),
  scene: z.string({ error: 'must be a scene name' }).min(1, 'must be a scene name').max(256),
  notes: z.string().max(2_000).default(''),
});

export const ReplaceRundownBody = z.object({
  revision: z.int({ error: 'must be the revision the edit was made on' }).min(0),
  obs: z.string().min(1).max(64).optional(),
  items: z.array(itemInput, { error: 'must be a list of items' }).max(200),
});
export type ReplaceRundownInput = z.output<typeof ReplaceRundownBody>;

/** The persisted form, checked when read back (a hand-edited file must not crash the server). */
export const StoredRundown = z.object({
  revision: z.int().min(0),
  obs: z.string().min(1),
  items: z.array(
    z.object({ id: z.string().min(1), label: z.string(), scene: z.string().min(1), notes: z.string() }),
  ),
  cuedId: z.string().nullable(),
  liveId: z.string().nullable(),
}) satisfies z.ZodType<Rundown>;
