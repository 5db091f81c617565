export * from './common';
export * from './auth';
export * from './money';
export * from './dates';
export * from './constants';
