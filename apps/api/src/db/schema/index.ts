export * from './businesses';
export * from './users';
export * from './outbox';
