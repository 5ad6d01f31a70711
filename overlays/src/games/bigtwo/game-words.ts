/** Big Two's name and its four seats in playing order S → E → N → W (B2-SEAT-1). */
export const bigtwoWords = {
  seats: ['S', 'E', 'N', 'W'],
  labels: {
    'zh-CN': { name: '竞技锄大地', seats: { S: '南', E: '东', N: '北', W: '西' } },
    en: { name: 'Big Two', seats: { S: 'South', E: 'East', N: 'North', W: 'West' } },
  },
} as const;
