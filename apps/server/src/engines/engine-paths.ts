// What the engines need to know of the configuration: the engine binaries and their limits. The
// server's Config satisfies it; the engines never see the rest (secrets, ports, feature flags).
export interface EnginePaths {
  YTDLP_PATH: string;
  FFMPEG_PATH: string;
  FFPROBE_PATH: string;
  MAGICK_PATH: string;
  GST_LAUNCH_PATH: string;
  /** Where engines keep their caches (GStreamer's registry). */
  DATA_DIR: string;
  /** Largest picture (width x height) any engine decodes. */
  CONVERT_MAX_PIXELS: number;
}
