export * from './event-reference';
export * from './appeal-filed';
export * from './ruling-issued';
export * from './result-corrected';
export * from './ruling-remedy';
export * from './correction-window-facts';
