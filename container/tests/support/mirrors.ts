// scripts/container-mirrors.sh as podman run options: the machine's npm certificate authority and
// pip mirror, for a container that installs packages at run time (none elsewhere).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { root } from './podman';

export async function mirrorRunOptions(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    'bash',
    ['-c', '. scripts/container-mirrors.sh; printf "%s\\n" "${mirror_mounts[@]}" -- "${mirror_settings[@]}"'],
    { cwd: root },
  );
  const lines = stdout.split('\n').filter(Boolean);
  const split = lines.indexOf('--');
  return [
    ...lines.slice(0, split).flatMap((mount) => ['--volume', mount]),
    ...lines.slice(split + 1).flatMap((setting) => ['--env', setting]),
  ];
}
