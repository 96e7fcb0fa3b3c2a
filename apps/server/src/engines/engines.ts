// Start-up check of every engine: its version, or the Debian package that provides it.
import type { EngineStatus } from '@grabbit/contracts';
import type { EnginePaths } from './engine-paths';
import { amrDecoderElements } from './amr-decode';
import { amrEncoderElements } from './amr-encode';
import { gstreamerEnv } from './gstreamer';
import { runCommand } from './run-command';

interface EngineProbe {
  name: string;
  package: string;
  command: (config: EnginePaths) => string;
  args: string[];
  /** Pulls the version out of the engine's output. */
  version: (output: string) => string | undefined;
  env?: (config: EnginePaths) => NodeJS.ProcessEnv;
  /** Further runs that must succeed: the parts the converter uses are really there. */
  worksWith?: string[][];
}

const firstMatch = (pattern: RegExp) => (output: string) => pattern.exec(output)?.[1];
const fromNothing = ['-q', 'filesrc', 'location=/dev/null', '!'];

/**
 * sharp is checked in a short-lived Node process, as the other engines are: loading libvips here
 * only to read its version would keep it in the server's memory from the start (image-sharp.ts
 * loads it when the first image is converted).
 */
const sharpProbe: EngineProbe = {
  name: 'sharp',
  package: 'sharp (npm)',
  command: () => process.execPath,
  args: [
    '--input-type=module',
    '--eval',
    // Found from this file, as the server's own import finds it.
    `import { createRequire } from 'node:module';
     const sharp = createRequire(${JSON.stringify(import.meta.url)})('sharp');
     console.log('libvips', sharp.versions.vips);`,
  ],
  version: firstMatch(/^(libvips \S+)/),
};

const probes: EngineProbe[] = [
  {
    name: 'yt-dlp',
    package: 'yt-dlp',
    command: (c) => c.YTDLP_PATH,
    args: ['--version'],
    version: firstMatch(/^(\S+)/),
  },
  {
    name: 'ffmpeg',
    package: 'ffmpeg',
    command: (c) => c.FFMPEG_PATH,
    args: ['-version'],
    version: firstMatch(/ffmpeg version (\S+)/),
  },
  {
    name: 'ffprobe',
    package: 'ffmpeg',
    command: (c) => c.FFPROBE_PATH,
    args: ['-version'],
    version: firstMatch(/ffprobe version (\S+)/),
  },
  {
    name: 'imagemagick',
    package: 'imagemagick',
    command: (c) => c.MAGICK_PATH,
    args: ['-version'],
    version: firstMatch(/ImageMagick (\S+)/),
  },
  {
    // The AMR-NB codec: gst-launch from the tools, amrparse and wavenc from the good plugins,
    // amrnbenc and amrnbdec from the ugly ones.
    name: 'gstreamer',
    package:
      'gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly',
    command: (c) => c.GST_LAUNCH_PATH,
    args: ['--version'],
    version: firstMatch(/GStreamer (\S+)/),
    env: gstreamerEnv,
    // The codec pipelines on empty input: they fail with "no element" when a plugin is missing.
    worksWith: [
      [...fromNothing, ...amrEncoderElements, '!', 'fakesink'],
      [...fromNothing, ...amrDecoderElements, '!', 'fakesink'],
    ],
  },
];

async function probe(engine: EngineProbe, config: EnginePaths): Promise<EngineStatus> {
  try {
    // Start-up waits on these: they run at the server's priority. A missing engine fails at once;
    // the long limit is for a busy machine (several containers starting together), where a
    // version check can take many seconds and must not be reported as a missing engine.
    const options = { timeoutMs: 60_000, env: engine.env?.(config), yieldsCpu: false };
    const result = await runCommand(engine.command(config), engine.args, options);
    const version = engine.version(result.stdout + result.stderr);
    let works = true;
    for (const args of engine.worksWith ?? []) {
      works &&= (await runCommand(engine.command(config), args, options)).code === 0;
    }
    if (result.code === 0 && version && works)
      return { name: engine.name, package: engine.package, available: true, version };
  } catch {
    // Not installed: reported below.
  }
  return { name: engine.name, package: engine.package, available: false };
}

export async function checkEngines(config: EnginePaths): Promise<EngineStatus[]> {
  return Promise.all([...probes, sharpProbe].map((engine) => probe(engine, config)));
}

export function missingEnginesMessage(statuses: EngineStatus[]): string | undefined {
  const missing = statuses.filter((s) => !s.available);
  if (missing.length === 0) return undefined;
  const packages = [...new Set(missing.map((s) => s.package))].join(' ');
  return `Missing engines: ${missing.map((s) => s.name).join(', ')}. Install them with: apt-get install -y ${packages}`;
}
