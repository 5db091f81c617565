export * from './businesses';
export * from './users';
export * from './outbox';
export * from './plans';
export * from './members';
export * from './payments';
export * from './subscriptions';
export * from './idempotency';
