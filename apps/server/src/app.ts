// The HTTP application, for server.ts and the tests: built by the composition root.
export { buildApp, type AppOptions } from './composition/api-app';
