export * from './ads';
export * from './constants';
export * from './converters';
export * from './links';
export * from './navigation';
export * from './platforms';
export * from './routes';
export * from './size';
