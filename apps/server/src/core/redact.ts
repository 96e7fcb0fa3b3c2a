// Secrets never reach a log line: an engine's own error line can quote a URL with proxy
// credentials, a signed query or a cookie header, so those parts are masked before it is logged.
const patterns: [RegExp, string][] = [
  // user:password@ in any URL (proxies, links).
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]*@/gi, '$1***@'],
  // Cookie and authorization headers, and cookie-file lines.
  [/\b(cookie|set-cookie|authorization|proxy-authorization)\s*[:=]\s*[^\r\n]*/gi, '$1: ***'],
  // Query parameters that carry credentials or signatures.
  [
    /([?&](?:token|access_token|key|api_key|sig|signature|session|sessionid|auth|password|x-amz-[a-z-]+)=)[^&\s]*/gi,
    '$1***',
  ],
  // Bearer tokens and session ids written as pairs.
  [/\b(bearer\s+)[\w.~+/=-]+/gi, '$1***'],
  [/\b(sessionid|csrftoken|ds_user_id)=[^;\s]*/gi, '$1=***'],
];

/** The text with credentials, cookies and tokens masked. */
export function redactSecrets(text: string): string {
  return patterns.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}
