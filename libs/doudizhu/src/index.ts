// @tablecast/doudizhu: the Dou Dizhu (竞技二打一) rules engine. The barrel is the only import target of this library.
export const DOUDIZHU_GAME = 'doudizhu' as const;
