import { z } from 'zod';
import { singleRoundRobin } from '../formats/round-robin';
import { defineOp } from './op';

export const ScheduleRequestSchema = z
  .object({
    op: z.literal('schedule'),
    id: z.union([z.string(), z.number()]).optional(),
    method: z.enum(['berger', 'fixedRotation']),
    pairs: z.number().int().min(2).max(1000),
  })
  .strict();

/** `schedule`: the appendix round-robin table for `pairs` (TRN-RR-5), 0 = bye. */
export const scheduleOp = defineOp(ScheduleRequestSchema, (request) => ({
  ok: true,
  rounds: singleRoundRobin(request.pairs, request.method),
}));
