// The link previews (yt-dlp reads) one client has running at once, so a client pasting links that
// never answer cannot leave others with BUSY: counted in this process's memory when embedded, in
// Redis in scaled mode so that a client's previews on every API node count together. A read counts
// until it ends, whether or not its client still waits; one whose process died stops counting once
// it could no longer be running.

export interface PreviewShares {
  /** Takes one of the client's `share` reads: a token to give back, or undefined when all are held. */
  take(client: string, share: number): Promise<string | undefined>;
  /** Gives a read back (its token from `take`). */
  give(client: string, token: string): Promise<void>;
}
