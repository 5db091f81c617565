export * from './common';
export * from './auth';
export * from './money';
export * from './dates';
export * from './constants';
export * from './business';
export * from './plans';
export * from './members';
