// What a download platform's catalog entry says: its hosts and extractors, and every rule that
// differs between sites (multi-media posts, playlists, session cookies, refused links,
// watermarks), so server and pages read fields instead of testing a platform's name.

export type PlatformId =
  | 'youtube'
  | 'tiktok'
  | 'instagram'
  | 'twitter'
  | 'vimeo'
  | 'facebook'
  | 'twitch'
  | 'reddit'
  | 'pornhub'
  | 'xvideos'
  | 'xhamster'
  | 'redgifs'
  | 'youporn'
  | 'spankbang';

/** When a link on this platform lists a post's items instead of starting one download. */
export type MultiMediaRule = 'never' | 'by-url' | 'always';

export interface Platform {
  id: PlatformId;
  name: string;
  route: `/${string}-downloader`;
  adult: boolean;
  /** Registrable domains; subdomains match too. */
  hosts: readonly string[];
  /** yt-dlp extractor names allowed for this platform (never `generic`). */
  extractors: readonly string[];
  multiMedia: MultiMediaRule;
  /** Example link shown as the URL input's placeholder. */
  placeholder: string;
  /**
   * Links that only redirect to a page the extractors know (short and mirror domains no
   * extractor pattern lists): "host" or "host/path-prefix", the host exact, or "*.host" for the
   * host and its subdomains. The server follows their redirects before yt-dlp starts.
   */
  redirectLinks?: readonly string[];
  /**
   * A public link `npm run check-sites` downloads to tell whether the site works today (taken
   * from yt-dlp's own extractor tests where one exists; an operator overrides them with a file).
   */
  checkLink: string;
  /**
   * The page offers the visitor's own session cookie field (sent for that one request only); the
   * server writes it for yt-dlp as a cookie of `domain`.
   */
  sessionCookie?: { domain: string };
  /**
   * The site serves nothing to a visitor without a login: when the operator's session pool for it
   * is set up but has no healthy session left, its downloads fail at once with SITE_UNAVAILABLE
   * instead of running without cookies (which would only reach the login wall, slower).
   */
  loginRequired?: boolean;
  /** The page lists and downloads playlists (its links with `list=` are playlists). */
  playlists?: boolean;
  /**
   * The SponsorBlock database knows its videos (by the site's video id): a download may remove
   * the sponsor, intro, outro, self-promotion and interaction segments, or mark them as chapters.
   */
  sponsorBlock?: boolean;
  /** Its links are posts that may hold several items, wherever they are pasted. */
  postLinks?: boolean;
  /**
   * The page says its downloads come without a watermark. `watermarkedFormatId`: what the format
   * ids of the site's watermarked copies contain (yt-dlp's), left out when a download asks for
   * `removeWatermark`.
   */
  watermarkFree?: { watermarkedFormatId?: string };
  /** Links of the platform that are refused with their message (e.g. live streams, full broadcasts). */
  refusedLinks?: readonly { pattern: RegExp; message: string }[];
  /**
   * Links whose media may be at most `maxSeconds` long (or not live), else refused with `message`
   * before anything is downloaded (Twitch's full past broadcasts).
   */
  longMediaRule?: { pattern: RegExp; maxSeconds: number; message: string };
}
