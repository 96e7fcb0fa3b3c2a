// The 14 download platforms. A host also covers its subdomains (m.youtube.com, vm.tiktok.com,
// old.reddit.com, clips.twitch.tv ...).
//
// Where the hosts come from: the `_VALID_URL` / `_DOMAINS` / `_BASE_REGEX` patterns of yt-dlp's
// extractors (yt-dlp/yt-dlp, yt_dlp/extractor/youtube/_video.py and _redirect.py, tiktok.py,
// instagram.py, twitter.py, vimeo.py, facebook.py, twitch.py, reddit.py, pornhub.py, xvideos.py,
// xhamster.py, redgifs.py, youporn.py, spankbang.py; checked against the pinned release in
// engines/requirements.txt), grouped by site, main host first. Short or mirror
// domains that no extractor pattern lists (fb.watch, redgifs.io, spankbang.party) are redirects
// to the main domain, so the engine must follow them to a listed host before extracting.
// `extractors` are the names `yt-dlp --list-extractors` prints; `generic` is never allowed. The
// integration tests (foundation-health) ask the installed yt-dlp that every name exists and that
// each platform's placeholder, check link and x.com links match one of its extractors.

import type { Platform } from './platform-types';

export type { MultiMediaRule, Platform, PlatformId } from './platform-types';
export {
  downloadContentTypes,
  downloadFormats,
  downloaderFormatOptions,
  type DownloadFormat,
} from './download-formats';

export const platforms: readonly Platform[] = [
  {
    id: 'youtube',
    name: 'YouTube',
    route: '/youtube-downloader',
    adult: false,
    hosts: ['youtube.com', 'youtu.be'],
    // Videos and shorts, clips, playlists (list=, also on youtu.be links).
    extractors: ['youtube', 'youtube:clip', 'youtube:tab', 'youtube:playlist', 'YoutubeYtBe'],
    multiMedia: 'never',
    placeholder: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    checkLink: 'https://www.youtube.com/watch?v=jNQXAC9IVRw',
    playlists: true,
    sponsorBlock: true,
  },
  {
    id: 'tiktok',
    name: 'TikTok',
    route: '/tiktok-downloader',
    adult: false,
    hosts: ['tiktok.com'],
    extractors: ['TikTok', 'vm.tiktok'],
    // vm./vt.tiktok.com are the `vm.tiktok` extractor's own; TikTok's pattern needs www.
    redirectLinks: ['tiktok.com', 'm.tiktok.com'],
    multiMedia: 'always',
    placeholder: 'https://www.tiktok.com/@user/video/1234567890123456789',
    checkLink: 'https://www.tiktok.com/@scout2015/video/6718335390845095173',
    // TikTok's watermarked copies carry "download" in their format id; the clean ones do not.
    watermarkFree: { watermarkedFormatId: 'download' },
  },
  {
    id: 'instagram',
    name: 'Instagram',
    route: '/instagram-downloader',
    adult: false,
    hosts: ['instagram.com'],
    extractors: ['Instagram', 'instagram:story'],
    multiMedia: 'always',
    placeholder: 'https://www.instagram.com/p/ABC123xyz/',
    checkLink: 'https://www.instagram.com/p/aye83DjauH/',
    sessionCookie: { domain: '.instagram.com' },
    // Instagram shows a logged-out visitor a post or two, then only its login page: yt-dlp's
    // extractor answers "login required" or "rate-limit reached" without a session's cookies.
    loginRequired: true,
    postLinks: true,
  },
  {
    id: 'twitter',
    name: 'Twitter',
    route: '/twitter-downloader',
    adult: false,
    hosts: ['twitter.com', 'x.com'],
    extractors: ['twitter', 'twitter:card', 'twitter:broadcast'],
    multiMedia: 'never',
    placeholder: 'https://x.com/user/status/1234567890123456789',
    checkLink: 'https://x.com/starwars/status/665052190608723968',
    // Twitter adds no watermark: the file is kept as it was posted.
    watermarkFree: {},
  },
  {
    id: 'vimeo',
    name: 'Vimeo',
    route: '/vimeo-downloader',
    adult: false,
    hosts: ['vimeo.com'],
    extractors: ['vimeo', 'vimeo:ondemand', 'vimeo:review'],
    multiMedia: 'never',
    placeholder: 'https://vimeo.com/123456789',
    checkLink: 'https://vimeo.com/76979871',
  },
  {
    id: 'facebook',
    name: 'Facebook',
    route: '/facebook-downloader',
    adult: false,
    hosts: ['facebook.com', 'fb.watch'],
    extractors: ['facebook', 'facebook:reel', 'FacebookPluginsVideo'],
    redirectLinks: [
      '*.fb.watch',
      'facebook.com/share/',
      'www.facebook.com/share/',
      'm.facebook.com/share/',
      'web.facebook.com/share/',
    ],
    multiMedia: 'by-url',
    placeholder: 'https://www.facebook.com/watch/?v=1234567890',
    checkLink: 'https://www.facebook.com/video.php?v=637842556329505',
    postLinks: true,
  },
  {
    id: 'twitch',
    name: 'Twitch',
    route: '/twitch-downloader',
    adult: false,
    hosts: ['twitch.tv'],
    extractors: ['twitch:clips', 'twitch:vod'],
    multiMedia: 'never',
    placeholder: 'https://clips.twitch.tv/AwkwardHelplessSalamanderSwiftRage',
    checkLink: 'https://clips.twitch.tv/FaintLightGullWholeWheat',
    refusedLinks: [
      {
        pattern: /^https?:\/\/(?:www\.|m\.)?twitch\.tv\/[^/?#]+\/?(?:[?#].*)?$/i,
        message: 'Twitch live streams are not supported: paste a clip or highlight link.',
      },
      {
        pattern: /^https?:\/\/(?:www\.|m\.)?twitch\.tv\/[^/?#]+\/(?:videos|schedule|about)\/?(?:[?#].*)?$/i,
        message:
          'Twitch full past broadcasts are not supported (files are too large): paste a clip or highlight link.',
      },
    ],
    /*
     * Twitch videos (/videos/<id>, the twitch:vod extractor) are past broadcasts, highlights and
     * uploads alike, and yt-dlp cannot tell them apart: it sets was_live to true for every one and
     * does not pass on Twitch's broadcastType. Length is the one signal it gives, and size is the
     * reason past broadcasts are refused, so a Twitch video longer than 1 hour, or still
     * being recorded (is_live), is taken for a full past broadcast and refused.
     */
    longMediaRule: {
      pattern:
        /^https?:\/\/(?:(?:(?:www|go|m)\.)?twitch\.tv\/(?:[^/]+\/v(?:ideo)?|videos)\/|player\.twitch\.tv\/\?.*?\bvideo=v?)\d+/i,
      maxSeconds: 3600,
      message:
        'Twitch full past broadcasts are not supported (files are too large): paste a clip, or a highlight under 1 hour.',
    },
  },
  {
    id: 'reddit',
    name: 'Reddit',
    route: '/reddit-downloader',
    adult: false,
    hosts: ['reddit.com'],
    extractors: ['Reddit'],
    multiMedia: 'always',
    placeholder: 'https://www.reddit.com/r/videos/comments/abc123/title/',
    checkLink: 'https://www.reddit.com/r/videos/comments/6rrwyj/that_small_heart_attack/',
    postLinks: true,
  },
  {
    id: 'pornhub',
    name: 'Pornhub',
    route: '/pornhub-downloader',
    adult: true,
    hosts: ['pornhub.com', 'pornhubpremium.com'],
    extractors: ['PornHub'],
    multiMedia: 'never',
    placeholder: 'https://www.pornhub.com/view_video.php?viewkey=ph0123456789',
    checkLink: 'https://www.pornhub.com/view_video.php?viewkey=648719015',
  },
  {
    id: 'xvideos',
    name: 'XVideos',
    route: '/xvideos-downloader',
    adult: true,
    hosts: ['xvideos.com'],
    extractors: ['XVideos'],
    multiMedia: 'never',
    placeholder: 'https://www.xvideos.com/video12345678/title',
    checkLink: 'https://www.xvideos.com/video4588838/biker_takes_his_girl',
  },
  {
    id: 'xhamster',
    name: 'xHamster',
    route: '/xhamster-downloader',
    adult: true,
    hosts: ['xhamster.com', 'xhamster.desi', 'xhamster.one', 'xhms.pro'],
    extractors: ['XHamster', 'XHamsterEmbed'],
    multiMedia: 'never',
    placeholder: 'https://xhamster.com/videos/title-1234567',
    checkLink: 'https://xhamster.com/videos/femaleagent-shy-beauty-takes-the-bait-1509445',
  },
  {
    id: 'redgifs',
    name: 'RedGifs',
    route: '/redgifs-downloader',
    adult: true,
    hosts: ['redgifs.com', 'redgifs.io'],
    extractors: ['RedGifs'],
    redirectLinks: ['*.redgifs.io'],
    multiMedia: 'never',
    placeholder: 'https://www.redgifs.com/watch/examplename',
    checkLink: 'https://www.redgifs.com/watch/squeakyhelplesswisent',
  },
  {
    id: 'youporn',
    name: 'YouPorn',
    route: '/youporn-downloader',
    adult: true,
    hosts: ['youporn.com', 'youpornstaging.com'],
    extractors: ['YouPorn'],
    multiMedia: 'never',
    placeholder: 'https://www.youporn.com/watch/12345678/title/',
    checkLink: 'https://www.youporn.com/watch/505835/sex-ed-is-it-safe-to-masturbate-daily/',
  },
  {
    id: 'spankbang',
    name: 'SpankBang',
    route: '/spankbang-downloader',
    adult: true,
    hosts: ['spankbang.com', 'spankbang.party'],
    extractors: ['SpankBang'],
    redirectLinks: ['*.spankbang.party'],
    multiMedia: 'never',
    placeholder: 'https://spankbang.com/abcde/video/title',
    checkLink: 'https://spankbang.com/3vvn/video/fantasy+solo',
  },
];

export function platformById(id: string): Platform | undefined {
  return platforms.find((p) => p.id === id);
}

export function platformByRoute(route: string): Platform | undefined {
  return platforms.find((p) => p.route === route);
}
