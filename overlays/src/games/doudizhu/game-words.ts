/** Dou Dizhu's name and its three seats in playing order (DDZ-GEN-4). */
export const doudizhuWords = {
  seats: ['0', '1', '2'],
  labels: {
    'zh-CN': { name: '竞技二打一', seats: { '0': '1号位', '1': '2号位', '2': '3号位' } },
    en: { name: 'Dou Dizhu', seats: { '0': 'Seat 1', '1': 'Seat 2', '2': 'Seat 3' } },
  },
} as const;
