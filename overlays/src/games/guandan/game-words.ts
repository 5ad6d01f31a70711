import { seatNames } from './names';

/** Guandan's name and seats in play order (GD-SEAT-1: counter-clockwise from South). */
export const guandanWords = {
  seats: ['S', 'E', 'N', 'W'],
  labels: {
    'zh-CN': { name: '掼蛋', seats: seatNames.zh },
    en: { name: 'Guandan', seats: seatNames.en },
  },
} as const;
