// One writer per resumable upload in this process. A chunk that arrives while another still holds
// the upload (a client resuming after its old connection went quiet) asks the holder to stop: the
// holder ends its write with what it has, lets go, and the newcomer goes on from the new offset.
export class UploadLocks {
  private readonly held = new Map<string, { released: Promise<void>; stop: () => void }>();

  /** Waits for the upload (stopping its holder); answers the release. `stop` is asked of this one. */
  async acquire(id: string, stop: () => void): Promise<() => void> {
    for (let holder = this.held.get(id); holder; holder = this.held.get(id)) {
      holder.stop();
      await holder.released;
    }
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const entry = { released, stop };
    this.held.set(id, entry);
    return () => {
      if (this.held.get(id) === entry) this.held.delete(id);
      release();
    };
  }
}
