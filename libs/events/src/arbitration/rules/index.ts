export * from './arbitration-rules';
export * from './appeal-window';
export * from './committee';
export * from './score-correction-window';
