export * from './keying-correction';
export * from './effective-events';
