// Set-up file of the integration projects: each test file's process (vitest forks one per file)
// runs in a temporary working folder of its own, removed after the file, so anything a test or
// the server writes to a relative path lands there, never in the repository.
import { afterAll } from 'vitest';
import { enterFolder, freshFolder, removeFolder } from './working-folder';

const workDir = freshFolder('grabbit-test-file-');
const leave = enterFolder(workDir);

afterAll(() => removeFolder(workDir, leave));
