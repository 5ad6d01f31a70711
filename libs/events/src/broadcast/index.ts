export * from './broadcast-delay-set';
