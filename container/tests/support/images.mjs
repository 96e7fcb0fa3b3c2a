// The images the container tests build from this checkout and run, and the settings of every
// podman call they make: one place for the tags, the Dockerfiles and the base.
import path from 'node:path';

/** Debian 12 made locally from Debian's packages (scripts/container-base.sh): no registry needed. */
export const baseImage = 'localhost/debian:bookworm-slim';

/** Each image by its tag and Dockerfile, the product's first: the others are the tests' stand-ins. */
export const testImages = {
  grabbit: { tag: 'localhost/grabbit:latest', dockerfile: 'Dockerfile' },
  redis: { tag: 'localhost/grabbit-test-redis:latest', dockerfile: 'container/test-images/redis.Dockerfile' },
  s3: { tag: 'localhost/grabbit-test-s3:latest', dockerfile: 'container/test-images/s3.Dockerfile' },
  debianNode: {
    tag: 'localhost/grabbit-test-debian-node:latest',
    dockerfile: 'container/test-images/debian-node.Dockerfile',
  },
};

/**
 * The environment of every podman call the tests make: the project's podman settings
 * (container/containers.conf: runc, the machine's limits, the host's network) and the local base.
 */
export function containerEnv(root) {
  return { ...process.env, CONTAINERS_CONF: path.join(root, 'container/containers.conf'), BASE: baseImage };
}
