// The per-site copy of the downloader pages: which pages have what, in words.
import { downloadDefaults, monetization, playlistLimits } from './constants';
import type { PlatformId } from './platforms';
import type { ContentItem, FaqItem, RelatedLayout, SiteContent } from './site-content-types';
import { commonFaq, formatFeatures, fourSteps } from './site-content-faq';

function page(
  features: ContentItem[],
  steps: ContentItem[],
  faq: FaqItem[],
  related: RelatedLayout,
): SiteContent {
  return { features, steps, faq, related, relatedTools: related === 'tools-and-categories' };
}

const noSignUp: ContentItem = {
  title: 'No sign-up, no limits',
  description: 'Free and unlimited: no account, no app to install, just paste a link.',
};

const youtube = page(
  [
    {
      title: 'HD and Full HD video',
      description: `Save videos as MP4 up to the best quality offered, up to ${downloadDefaults.maxQualityHeight}p.`,
    },
    { title: 'MP3 and M4A audio', description: 'Keep only the sound of music videos, talks and podcasts.' },
    {
      title: 'Playlists',
      description: 'Paste a playlist link to get its videos in one zip, or pick the ones you want.',
    },
    { title: 'Shorts too', description: 'YouTube Shorts download just like regular videos.' },
    noSignUp,
  ],
  fourSteps(
    'YouTube',
    'Open the video on YouTube and copy its link from the address bar or the Share button.',
  ),
  [
    ...commonFaq('YouTube'),
    {
      topic: 'playlists',
      question: 'Can I download a whole YouTube playlist?',
      answer:
        `Yes. Paste a link with a list= parameter. A playlist of fewer than ${playlistLimits.autoDownloadUnder} videos is ` +
        'downloaded as one zip file, as long as it stays under ' +
        `${playlistLimits.maxTotalHours} hours in total, no video is longer than ${playlistLimits.maxSingleHours} hours and the ` +
        `estimated size is under ${playlistLimits.maxEstimatedBytes / 1024 ** 3} GB. For bigger playlists you choose the videos you want.`,
    },
  ],
  'tools-and-categories',
);

const tiktok = page(
  [
    {
      title: 'Without watermark',
      description: 'Saves the original video file whenever TikTok provides it, without the moving logo.',
    },
    { title: 'HD quality', description: 'Get the video in the best resolution the uploader published.' },
    { title: 'Sound as MP3', description: 'Keep the audio of a TikTok as an MP3 or M4A file.' },
    {
      title: 'Every item of a post',
      description: 'The page lists what a link contains, so you save exactly what you want.',
    },
    noSignUp,
  ],
  fourSteps(
    'TikTok',
    'In the TikTok app or website tap Share, then Copy link (vm.tiktok.com links work too).',
  ),
  [
    ...commonFaq('TikTok'),
    {
      topic: 'watermark',
      question: 'Are TikTok videos saved without the watermark?',
      answer:
        'Yes, whenever TikTok offers the original file, which it does for most videos: Grabbit saves that one, ' +
        'without the moving TikTok logo and username.',
    },
  ],
  'tools-and-categories',
);

const instagram = page(
  [
    {
      title: 'Reels, videos and posts',
      description: 'Download Reels, IGTV videos and posts with several photos or videos.',
    },
    {
      title: 'Every item of a carousel',
      description: 'A post with several items lists each one, each with its own download button.',
    },
    { title: 'Original quality', description: 'Files keep the full resolution Instagram serves.' },
    { title: 'Audio as MP3', description: 'Keep the sound of a Reel as an MP3 or M4A file.' },
    noSignUp,
  ],
  fourSteps('Instagram', 'Open the post or Reel, tap the three dots or the paper plane, then Copy link.'),
  [
    ...commonFaq(
      'Instagram',
      'Grabbit downloads public posts. For content that needs you to be signed in you may paste your own session ' +
        'cookie in the optional field: it stays on your device, is used only for this request and is never stored. ' +
        'Please only download content you are allowed to keep.',
    ),
    {
      topic: 'stories',
      question: 'Can I download Instagram Stories?',
      answer:
        'Yes, for public accounts while the story is still online (24 hours). Instagram usually shows stories only to ' +
        'signed-in viewers, so you may need to add your own session cookie in the optional field; it stays on your ' +
        'device and is not stored.',
    },
  ],
  'tools-and-categories',
);

const twitter = page(
  [
    {
      title: 'Twitter and X links',
      description: 'Works with twitter.com and x.com links, on desktop and mobile.',
    },
    {
      title: 'Best available quality',
      description: 'Picks the highest-resolution version of the video in the post.',
    },
    { title: 'GIFs and videos', description: 'Animated GIFs in posts are saved as small, sharp MP4 files.' },
    { title: 'Audio as MP3', description: 'Save only the sound of a clip as MP3 or M4A.' },
    noSignUp,
  ],
  fourSteps(
    'Twitter / X',
    'Open the post, tap Share, then Copy link. Both twitter.com and x.com links work.',
  ),
  [
    ...commonFaq('Twitter'),
    {
      topic: 'watermark',
      question: 'Do downloaded Twitter videos have a watermark?',
      answer:
        'No. Grabbit saves the video file exactly as it was posted, without adding any watermark or logo.',
    },
  ],
  'tools-and-categories',
);

const vimeo = page(
  [
    { title: 'Up to 4K', description: 'Download in the best quality the creator allows, up to 4K (2160p).' },
    { title: 'MP4, WEBM, MOV or MKV', description: 'Choose the container that suits your player or editor.' },
    { title: 'Audio extraction', description: 'Keep the soundtrack as MP3 or M4A.' },
    { title: 'Player links', description: 'Works with vimeo.com and player.vimeo.com links.' },
    noSignUp,
  ],
  fourSteps('Vimeo', 'Open the video on Vimeo and copy the link from the address bar or the Share button.'),
  [
    ...commonFaq(
      'Vimeo',
      'No. Grabbit downloads public videos only. Password-protected, private or paid Vimeo videos need the owner\u2019s ' +
        'permission and your own access.',
    ),
    {
      topic: '4k',
      question: 'Can I download Vimeo videos in 4K?',
      answer:
        'Yes, when the video was uploaded in 4K and the creator allows playback at that resolution. Grabbit always ' +
        'picks the best quality available, up to 2160p.',
    },
  ],
  'tools-and-categories',
);

function compactPage(site: string, whereToCopy: string, siteQuestion: FaqItem): SiteContent {
  return page(
    formatFeatures(site),
    fourSteps(site, whereToCopy),
    [...commonFaq(site), siteQuestion],
    'downloaders',
  );
}

const facebook = compactPage('Facebook', 'Open the video, Reel or post, tap Share, then Copy link.', {
  topic: 'site',
  question: 'Can I download Facebook Reels and posts with several videos?',
  answer:
    'Yes. Reels and video links download directly; a post with several photos or videos lists each item so you ' +
    'can save the ones you want. Short fb.watch links work too.',
});

const twitch = compactPage('Twitch', 'Open the clip or highlight on Twitch, click Share, then Copy link.', {
  topic: 'site',
  question: 'Can I download full Twitch streams?',
  answer:
    'Grabbit downloads Twitch clips and highlights. Full past broadcasts are not supported because they can be many ' +
    'hours long and produce huge files.',
});

const reddit = compactPage(
  'Reddit',
  'Open the post, tap Share, then Copy link (old.reddit.com links work too).',
  {
    topic: 'site',
    question: 'Why do some Reddit video downloaders lose the sound?',
    answer:
      'Reddit stores the picture and the sound of a video separately. Grabbit fetches both and joins them into one ' +
      'MP4 file, so your download plays with sound. GIF posts are saved as MP4 as well.',
  },
);

const redgifs = page(
  [],
  [
    {
      title: 'Copy the watch link',
      description:
        'Open the clip on redgifs.com and copy its address, e.g. https://www.redgifs.com/watch/name.',
    },
    {
      title: 'Paste it and pick a format',
      description: 'Paste the link into the box above and choose MP4 (recommended), WEBM, MOV or MKV.',
    },
    {
      title: 'Click Download and wait',
      description: `Click the download button ${monetization.clicksAdult} times to start; a clip is usually ready in a few seconds.`,
    },
    {
      title: 'Save the file',
      description: 'Press the save button in the queue to keep the clip on your device.',
    },
  ],
  [
    ...commonFaq('RedGifs'),
    {
      topic: 'site',
      question: 'Can I save RedGifs "GIFs" as GIF files?',
      answer:
        'RedGifs serves its GIFs as MP4 videos, which are far smaller and sharper than real GIF files, so Grabbit saves ' +
        'them as MP4 (or WEBM, MOV or MKV). This page is for adults (18+) only.',
    },
  ],
  'none',
);

export const sitePages: Partial<Record<PlatformId, SiteContent>> = {
  youtube,
  tiktok,
  instagram,
  twitter,
  vimeo,
  facebook,
  twitch,
  reddit,
  redgifs,
};
