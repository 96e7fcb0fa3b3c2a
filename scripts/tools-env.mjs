// The environment the project's scripts run their tools in: Node 24 from the npm registry
// (node_modules/.bin/node) first on PATH, so it runs every tool, whatever Node ran npm.
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export const toolsEnv = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};
