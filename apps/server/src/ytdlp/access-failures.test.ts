import { platforms } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { blameOf, siteWords, type AccessBlame } from './access-failures';

// yt-dlp's ERROR lines as its extractors word them for our sites (ids shortened).
const recorded: Record<string, [AccessBlame, string][]> = {
  youtube: [
    [
      'session',
      "ERROR: [youtube] dQw4w9WgXcQ: Sign in to confirm you're not a bot. Use --cookies-from-browser or --cookies for the authentication.",
    ],
    [
      'session',
      "ERROR: [youtube] dQw4w9WgXcQ: Video unavailable. This content isn't available, try again later.",
    ],
    [
      'session',
      'ERROR: [youtube] dQw4w9WgXcQ: Sign in to confirm your age. This video may be inappropriate for some users.',
    ],
    [
      'content',
      "ERROR: [youtube] dQw4w9WgXcQ: Private video. Sign in if you've been granted access to this video",
    ],
    [
      'content',
      'ERROR: [youtube] dQw4w9WgXcQ: Video unavailable. This video has been removed by the uploader',
    ],
    ['route', 'ERROR: [youtube] dQw4w9WgXcQ: The uploader has not made this video available in your country'],
  ],
  tiktok: [
    ['route', 'ERROR: [TikTok] 7101: Your IP address is blocked from accessing this post'],
    ['session', 'ERROR: [TikTok] 7101: Unable to download webpage: HTTP Error 403: Forbidden'],
    ['content', 'ERROR: [TikTok] 7101: Video not available, status code 10204'],
  ],
  instagram: [
    [
      'session',
      'ERROR: [Instagram] C1x: Requested content is not available, rate-limit reached or login required. Use --cookies',
    ],
    [
      'session',
      'ERROR: [Instagram] C1x: Unable to download JSON metadata: HTTP Error 429: Too Many Requests',
    ],
    ['content', 'ERROR: [Instagram] C1x: This content is no longer available'],
  ],
  twitter: [
    ['session', 'ERROR: [twitter] 1600: NSFW tweet requires authentication. Use --cookies'],
    ['content', 'ERROR: [twitter] 1600: Error(s) while querying API: Tweet does not exist'],
    ['session', 'ERROR: [twitter] 1600: Rate limit exceeded'],
  ],
  vimeo: [
    ['session', 'ERROR: [vimeo] 1234: This video is only available for registered users. Use --cookies'],
    ['content', 'ERROR: [vimeo] 1234: Unable to download webpage: HTTP Error 404: Not Found'],
    ['route', 'ERROR: [vimeo] 1234: Unable to download webpage: HTTP Error 502: Bad Gateway'],
  ],
  facebook: [
    ['session', 'ERROR: [facebook] 1015: Cannot parse data; please report this issue. Login required'],
    ['content', 'ERROR: [facebook] 1015: This video is private'],
  ],
  twitch: [
    ['route', 'ERROR: [twitch:vod] v1: The channel is not available in your country'],
    ['content', 'ERROR: [twitch:vod] v1: Video v1 does not exist'],
  ],
  reddit: [
    ['session', 'ERROR: [Reddit] abc: Unable to download JSON metadata: HTTP Error 403: Blocked'],
    ['content', 'ERROR: [Reddit] abc: No video formats found!'],
  ],
  pornhub: [
    ['route', 'ERROR: [PornHub] ph5: This content is not available in your country'],
    ['content', 'ERROR: [PornHub] ph5: This video has been removed'],
  ],
  xvideos: [
    ['content', 'ERROR: [XVideos] 123: Unable to download webpage: HTTP Error 404: Not Found'],
    ['session', 'ERROR: [XVideos] 123: Unable to download webpage: HTTP Error 429: Too Many Requests'],
  ],
  xhamster: [
    [
      'route',
      'ERROR: [XHamster] 9: Unable to download webpage: <urlopen error [Errno 111] Connection refused>',
    ],
    ['content', 'ERROR: [XHamster] 9: This video is private'],
  ],
  redgifs: [
    ['session', 'ERROR: [RedGifs] x: Unable to download JSON metadata: HTTP Error 401: Unauthorized'],
    ['content', 'ERROR: [RedGifs] x: Unable to download JSON metadata: HTTP Error 410: Gone'],
  ],
  youporn: [
    ['route', 'ERROR: [YouPorn] 1: Unable to download webpage: Read timed out.'],
    ['content', 'ERROR: [YouPorn] 1: Video has been deleted'],
  ],
  spankbang: [
    [
      'session',
      'ERROR: [SpankBang] a: Unable to download webpage: HTTP Error 403: Forbidden (caused by a captcha)',
    ],
    ['route', 'ERROR: [SpankBang] a: Unable to download webpage: Tunnel connection failed: 502 Bad Gateway'],
  ],
};

describe('whom a failure blames', () => {
  it('covers every site of the catalog', () => {
    expect(Object.keys(recorded).sort()).toEqual(platforms.map((p) => p.id).sort());
  });

  for (const [site, lines] of Object.entries(recorded)) {
    it(`${site}: login, rate limit, bot check, geo, removed and private lines`, () => {
      for (const [blame, line] of lines) expect(blameOf(line), line).toBe(blame);
    });
  }

  it("reads the site's words the same without the link and the id yt-dlp quotes", () => {
    for (const [blame, line] of Object.values(recorded).flat())
      expect(blameOf(siteWords(line)), line).toBe(blame);
  });

  it('a link cannot carry words the rules read', () => {
    const link = 'https://www.instagram.com/p/login_required_captcha_HTTP_Error_403/';
    const id = 'login_required_captcha_HTTP_Error_403';
    expect(blameOf(siteWords(`ERROR: [Instagram] ${id}: Unable to download webpage ${link}`, link))).toBe(
      undefined,
    );
    expect(blameOf(siteWords(`ERROR: [generic] Unable to download ${link}: HTTP Error 404`, link))).toBe(
      'content',
    );
  });

  it('a line no rule knows blames nobody', () => {
    expect(blameOf('ERROR: something new went wrong')).toBeUndefined();
  });
});
