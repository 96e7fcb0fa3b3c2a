// Podman for the container tests: every call reads the project's own settings
// (container/containers.conf: runc, the machine's limits, the host's network), images are built by
// scripts/container-build.sh (the machine's npm and pip mirrors mounted when it has them) from the
// local Debian base image, made once and then kept.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { until } from '../../../apps/server/test/support/until';

export const root = path.resolve(import.meta.dirname, '../../..');

export interface TestImage {
  tag: string;
  dockerfile: string;
}

/** Each image the tests build, by its tag and Dockerfile: the product's, then the tests' stand-ins. */
export const testImages = {
  grabbit: { tag: 'localhost/grabbit:latest', dockerfile: 'Dockerfile' },
  redis: { tag: 'localhost/grabbit-test-redis:latest', dockerfile: 'container/test-images/redis.Dockerfile' },
  s3: { tag: 'localhost/grabbit-test-s3:latest', dockerfile: 'container/test-images/s3.Dockerfile' },
  debianNode: {
    tag: 'localhost/grabbit-test-debian-node:latest',
    dockerfile: 'container/test-images/debian-node.Dockerfile',
  },
} satisfies Record<string, TestImage>;
export const image = testImages.grabbit.tag;
export const env = {
  ...process.env,
  CONTAINERS_CONF: path.join(root, 'container/containers.conf'),
  // Debian 12 made locally from Debian's packages (scripts/container-base.sh): no registry needed.
  BASE: 'localhost/debian:bookworm-slim',
};

const exec = promisify(execFile);

/** Runs podman; fails with its output. */
export async function podman(args: string[], timeoutMs = 120_000): Promise<string> {
  try {
    const { stdout } = await exec('podman', args, { env, timeout: timeoutMs, maxBuffer: 64 * 1024 ** 2 });
    return stdout.trim();
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`podman ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

/** Builds an image with scripts/container-build.sh (layer caches make a rebuild of nothing quick). */
export async function buildImage({ tag, dockerfile }: TestImage): Promise<void> {
  try {
    await exec('bash', ['scripts/container-build.sh', tag, '--file', dockerfile], {
      cwd: root,
      env,
      timeout: 60 * 60_000,
      maxBuffer: 256 * 1024 ** 2,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`building ${tag} failed:\n${stdout.slice(-8000)}\n${stderr.slice(-8000)}`, {
      cause: error,
    });
  }
}

/** The container's log so far, for failure messages. */
export function logs(name: string): Promise<string> {
  return podman(['logs', name]).catch((error: Error) => error.message);
}

/** Waits until GET `${origin}/health` answers 200; fails with the container's log otherwise. */
export async function healthy(origin: string, container: string, timeoutMs = 120_000): Promise<void> {
  try {
    await until(
      () =>
        fetch(`${origin}/health`, { signal: AbortSignal.timeout(5_000) }).then(
          (answer) => answer.ok,
          () => false,
        ),
      `${container}: /health`,
      timeoutMs,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await logs(container)}`, { cause: error });
  }
}

/** Removes containers and volumes, whatever state they are in. */
export async function removeAll(containers: string[], volumes: string[] = []): Promise<void> {
  if (containers.length > 0) await podman(['rm', '--force', '--time', '5', ...containers]).catch(() => '');
  if (volumes.length > 0) await podman(['volume', 'rm', '--force', ...volumes]).catch(() => '');
}
