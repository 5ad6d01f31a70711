export * from './tournament-events';
