export * from './errors';
export * from './health';
export * from './public-config';
export * from './download';
export * from './convert';
export * from './convert-options';
export * from './convert-jobs';
export * from './events';
