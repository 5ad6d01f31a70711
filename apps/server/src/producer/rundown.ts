import { z } from 'zod';

/**
 * The producer's rundown (issue 9): the list of shots prepared for the show. One item may be cued
 * (its scene in OBS preview) and one live (on program). `revision` counts edits of the list, so a
 * dashboard editing an old copy gets a 409 instead of overwriting a colleague's change; cue and
 * take move `cuedId` and `liveId` without touching it.
 */
export interface RundownItem {
  readonly id: string;
  readonly label: string;
  readonly scene: string;
  readonly notes: string;
}

export interface Rundown {
  readonly revision: number;
  /** The OBS instance the rundown switches (main by default). */
  readonly obs: string;
  readonly items: readonly RundownItem[];
  readonly cuedId: string | null;
  readonly liveId: string | null;
}

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
});
