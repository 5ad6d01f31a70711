import { z } from 'zod';

/**
 * A seat or a side as its game spells it (Guandan's `S`…`W` and `NS`/`EW`, Dou Dizhu's `0`…`2`): the
 * arbitration events belong to every game, so they carry the platform's vocabulary, and the game
 * (its registry entry) checks the value when the appeal is filed or the remedy carried out.
 */
export const GameSeatSchema = z.string().min(1).max(8);
export const GameSideSchema = z.string().min(1).max(8);
