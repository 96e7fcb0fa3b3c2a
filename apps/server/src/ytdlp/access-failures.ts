// Whom a failed run's yt-dlp `ERROR:` line blames: the session (the site refused the cookies, asks
// to log in, rate-limits or suspects a bot), the route (the proxy failed, or the site blocks the
// address or its country), or the content (removed, private, not found, unsupported). A session
// or route blamed is quarantined and the run tried again with another; content failures are the
// visitor's answer as they are. The first rule that matches wins, so the content rules that quote
// a login ("Private video. Sign in if you've been granted access") come before the session rules.
export type AccessBlame = 'session' | 'route' | 'content';

export const accessFailureRules: readonly { blame: AccessBlame; pattern: RegExp }[] = [
  // Content that no session or route can reach.
  {
    blame: 'content',
    pattern:
      /HTTP Error 404|HTTP Error 410|Private video|video is private|(?:post|account|profile) is private|has been removed|been deleted|does not exist|no longer available|Unsupported URL|No video formats found/i,
  },
  // The way out: the proxy failed, or the site refuses the address or its country.
  {
    blame: 'route',
    pattern:
      /HTTP Error 50[234]|Tunnel connection failed|Unable to connect to proxy|ProxyError|Connection refused|timed out|IP address is blocked|your IP|available (?:in|from) your (?:country|location|region)|geo.?restrict|blocked in your (?:country|region)/i,
  },
  // The session: refused, expired, rate-limited or asked to prove it is a person.
  {
    blame: 'session',
    pattern:
      /HTTP Error 40[139]|too many requests|rate.?limit|try again later|not a bot|captcha|checkpoint|login required|log ?in|sign in|cookies (?:are|is)? ?(?:no longer|not) valid|--cookies|account cookies|authentication|registered users|age.?restricted|confirm your age/i,
  },
  // Anything else the site says is about the content.
  { blame: 'content', pattern: /unavailable|not available|not found/i },
];

/**
 * The site's own words in yt-dlp's `ERROR:` line, without what the visitor chose: the line names
 * the link's id after the extractor (`[Instagram] <id>: ...`) and may quote the link or another
 * address, and a visitor who could put "login required" in a link must not make the rules read it.
 */
export function siteWords(errorLine: string, link?: string): string {
  const withoutLink = link ? errorLine.split(link).join(' ') : errorLine;
  return withoutLink
    .replace(/[a-z][\w+.-]*:\/\/\S*/gi, ' ')
    .replace(/^(\s*ERROR:\s*)?(\[[^\]]*\]\s*)?[^\s:]+:\s/, '$1$2');
}

/** Whom yt-dlp's `ERROR:` line blames; undefined for a line no rule knows. */
export function blameOf(errorLine: string): AccessBlame | undefined {
  return accessFailureRules.find((rule) => rule.pattern.test(errorLine))?.blame;
}
