// Engines yield the CPU to the server: /health, the API and the pages stay responsive while
// conversions and downloads run. Two settings, because Linux has two levels of sharing:
// - the nice value of the engine's threads (19, the lowest), against the server's own threads;
// - the nice value of the engine's autogroup. Each engine runs in a session of its own (so a
//   timeout can kill it with everything it started), and where the kernel groups processes by
//   session (autogroup, on by default in most distributions) the CPU is shared fairly between
//   sessions first: three encoders in three sessions took three quarters of the CPU from the
//   server at nice 10. The group's own nice value is what lowers their share against the server.
import { writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';

const engineNiceness = 19;

/**
 * Lowers a just-started engine's priority; a process already gone, or a kernel without autogroups,
 * keeps what it has.
 */
export function lowerEnginePriority(pid: number): void {
  try {
    setPriority(pid, engineNiceness);
  } catch {
    // Already gone, or not permitted: it runs at normal priority.
  }
  writeFile(`/proc/${pid}/autogroup`, String(engineNiceness)).catch(() => undefined);
}
