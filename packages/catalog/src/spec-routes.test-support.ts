// The product's route table (every page and its path), written out once for the catalog tests: the catalog must hold
// exactly these pages, in these groups and this order. Not named *.test.ts: vitest does not collect it.
export const specRoutes = {
  home: ['/'],
  regular: [
    '/youtube-downloader',
    '/tiktok-downloader',
    '/instagram-downloader',
    '/twitter-downloader',
    '/vimeo-downloader',
    '/facebook-downloader',
    '/twitch-downloader',
    '/reddit-downloader',
  ],
  adult: [
    '/pornhub-downloader',
    '/xvideos-downloader',
    '/xhamster-downloader',
    '/redgifs-downloader',
    '/youporn-downloader',
    '/spankbang-downloader',
  ],
  image: [
    '/png-converter',
    '/jpeg-converter',
    '/webp-converter',
    '/gif-converter',
    '/bmp-converter',
    '/tiff-converter',
    '/tga-converter',
    '/exr-converter',
    '/heif-converter',
    '/ico-converter',
    '/psd-converter',
  ],
  video: ['/mp4-converter', '/avi-converter', '/mov-converter', '/webm-converter', '/mkv-converter'],
  audio: ['/mp3-converter', '/wav-converter', '/flac-converter', '/aac-converter', '/ogg-converter'],
};
export const allSpecPaths = Object.values(specRoutes).flat();
