// What every API process must agree on about resumable uploads, whichever process a request
// reaches: which uploads a client holds open (counted toward its bounds until converted, removed
// or expired, without reading the store), when each expires, and who is writing into an upload
// right now (one writer at a time). In memory for one process (memory-upload-ledger.ts), in Redis
// for scaled mode (redis-upload-ledger.ts); both pass upload-ledger.contract.ts.

/** An upload as the ledger counts it. */
export interface LedgerEntry {
  /** The upload's public id. */
  id: string;
  /** The hashed identity of the client that created it. */
  owner: string;
  /** Its declared length. */
  bytes: number;
  /** When it stops counting (epoch ms); a finished upload's comes sooner. */
  expiresAt: number;
}

/** How much one client may hold open at once. */
export interface OpenBounds {
  count: number;
  bytes: number;
}

/** Which bound refused a new upload. */
export type OpenRefusal = 'count' | 'bytes';

export interface UploadLedger {
  /**
   * Counts a new upload for its owner in one step with the check of the owner's bounds (expired
   * uploads no longer count): answers the bound that refused it, or undefined when it counts.
   */
  open(entry: LedgerEntry, bounds: OpenBounds): Promise<OpenRefusal | undefined>;
  /** Counts an upload found in the store (a process starting), whatever the bounds. */
  restore(entry: LedgerEntry): Promise<void>;
  /** The upload's entry while it counts; undefined once closed or expired. */
  get(id: string): Promise<LedgerEntry | undefined>;
  /** Moves the upload's expiry (sooner once it is finished). */
  expire(id: string, expiresAt: number): Promise<void>;
  /** The upload stops counting (converted, removed or swept). */
  close(id: string): Promise<void>;
  /** What the client holds open: how many uploads and their declared bytes. */
  openOf(owner: string): Promise<{ count: number; bytes: number }>;
  /** Makes `holder` the upload's one writer for `leaseMs`, unless another holds it; whether it did. */
  claim(id: string, holder: string, leaseMs: number): Promise<boolean>;
  /** Extends the holder's claim; false when it is no longer the holder's. */
  renew(id: string, holder: string, leaseMs: number): Promise<boolean>;
  /** Lets go of the holder's claim (another holder's stays). */
  release(id: string, holder: string): Promise<void>;
}
