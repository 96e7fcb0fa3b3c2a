// Fixture media for the preview features, served by the fixture site under /preview/:
//   /preview/clip.html  a page whose JSON-LD VideoObject names an HLS master playlist with three
//                       renditions (360p, 720p, 1080p; 10 s in 1 s segments), a poster, an uploader
//   /preview/subs.html  an HTML5 <video> with a <track> of English subtitles and a poster
//   /preview/chaptered.html  a page whose JSON-LD VideoObject names three chapters and an HLS
//                       master playlist (the 360p rendition) with an English WebVTT subtitle
//                       group of rolling automatic-caption style cues
//   /preview/poster.jpg, /preview/en.vtt, /preview/v{360,720,1080}_NN.ts ...
import { writeFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ffmpeg } from './media-fixtures';

const previewHeights = [360, 720, 1080] as const;
const previewSeconds = 10;

/** The chapters of /preview/chaptered.html (seconds), in order, covering the whole video. */
export const previewChapters = [
  { title: 'Opening', start: 0, end: 3 },
  { title: 'Main part', start: 3, end: 7 },
  { title: 'Closing', start: 7, end: previewSeconds },
] as const;

/**
 * Rolling captions as YouTube writes its automatic ones: each cue repeats the line before it,
 * then the new words with word timings (a transcript has each line once, as sentences).
 */
export const rollingCaptions = [
  'WEBVTT',
  'Kind: captions',
  'Language: en',
  '',
  '00:00:00.000 --> 00:00:01.000 align:start position:0%',
  'hello<00:00:00.400><c> there</c><00:00:00.700><c> friends</c>',
  '',
  '00:00:01.000 --> 00:00:02.000 align:start position:0%',
  'hello there friends',
  'this is<00:00:01.500><c> a test.</c>',
  '',
  '00:00:02.000 --> 00:00:03.000 align:start position:0%',
  'this is a test.',
  'Goodbye &amp; thanks!',
  '',
].join('\n');

/** One rendition: flat colour (fast to encode at any size), a keyframe every second, 1 s segments. */
async function rendition(dir: string, height: number): Promise<void> {
  const width = Math.round((height * 16) / 9);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `color=c=0x3366cc:size=${width}x${height}:rate=5:duration=${previewSeconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${previewSeconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '5', '-keyint_min', '5', '-sc_threshold', '0'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k'],
    ...['-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod'],
    ...['-hls_segment_filename', path.join(dir, `v${height}_%02d.ts`), path.join(dir, `v${height}.m3u8`)],
  ]);
}

export async function makePreviewMedia(root: string): Promise<void> {
  const dir = path.join(root, 'preview');
  await mkdir(dir, { recursive: true });
  await Promise.all([
    ...previewHeights.map((height) => rendition(dir, height)),
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180', '-frames:v', '1', path.join(dir, 'poster.jpg')]),
    ffmpeg([
      ...[
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=160x120:rate=10:duration=2',
        '-f',
        'lavfi',
        '-i',
        'sine=duration=2',
      ],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      path.join(dir, 'talk.mp4'),
    ]),
  ]);
  const master = previewHeights.map(
    (height, i) =>
      `#EXT-X-STREAM-INF:BANDWIDTH=${(i + 1) * 200_000},RESOLUTION=${Math.round((height * 16) / 9)}x${height},` +
      `CODECS="avc1.42c01e,mp4a.40.2"\nv${height}.m3u8`,
  );
  await writeFile(path.join(dir, 'master.m3u8'), `#EXTM3U\n${master.join('\n')}\n`);
  // The chaptered video: the 360p rendition with its captions as an HLS subtitle group.
  await writeFile(
    path.join(dir, 'chaptered.m3u8'),
    '#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",' +
      'AUTOSELECT=YES,DEFAULT=YES,URI="captions.m3u8"\n' +
      '#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2",SUBTITLES="subs"\n' +
      'v360.m3u8\n',
  );
  await writeFile(
    path.join(dir, 'captions.m3u8'),
    `#EXTM3U\n#EXT-X-TARGETDURATION:${previewSeconds}\n#EXT-X-PLAYLIST-TYPE:VOD\n` +
      `#EXTINF:${previewSeconds}.0,\ncaptions.vtt\n#EXT-X-ENDLIST\n`,
  );
  await writeFile(path.join(dir, 'captions.vtt'), rollingCaptions);
  await writeFile(
    path.join(dir, 'en.vtt'),
    'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello there\n\n00:00:01.000 --> 00:00:02.000\nGoodbye\n',
  );
}

/** The preview pages (they name absolute addresses, so they are made per request). */
export function previewPage(pathname: string, base: string): string | undefined {
  if (pathname === '/preview/clip.html') {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Preview clip',
      duration: `PT${previewSeconds}S`,
      uploadDate: '2026-01-01',
      thumbnailUrl: `${base}/preview/poster.jpg`,
      contentUrl: `${base}/preview/master.m3u8`,
      author: { '@type': 'Person', name: 'Fixture Studio' },
    };
    return (
      `<!doctype html><html><head><title>Preview clip</title>` +
      `<script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`
    );
  }
  if (pathname === '/preview/chaptered.html') {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Chaptered talk',
      duration: `PT${previewSeconds}S`,
      thumbnailUrl: `${base}/preview/poster.jpg`,
      contentUrl: `${base}/preview/chaptered.m3u8`,
      hasPart: previewChapters.map((c) => ({
        '@type': 'Clip',
        name: c.title,
        startOffset: c.start,
        endOffset: c.end,
      })),
    };
    return (
      `<!doctype html><html><head><title>Chaptered talk</title>` +
      `<script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`
    );
  }
  if (pathname === '/preview/subs.html') {
    return (
      '<!doctype html><html><head><title>Talk with captions</title></head><body>' +
      '<video poster="/preview/poster.jpg" controls><source src="/preview/talk.mp4" type="video/mp4">' +
      '<track kind="subtitles" src="/preview/en.vtt" srclang="en" label="English"></video></body></html>'
    );
  }
  return undefined;
}
