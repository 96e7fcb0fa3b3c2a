export * from './errors';
export * from './health';
export * from './public-config';
export * from './download';
export * from './convert';
export * from './events';
export * from './download-options';
export * from './cloudstorage';
