// A client's running previews counted in this process's memory (embedded mode).
import { randomUUID } from 'node:crypto';
import type { PreviewShares } from './preview-shares';

export class MemoryPreviewShares implements PreviewShares {
  private readonly held = new Map<string, Set<string>>();

  async take(client: string, share: number): Promise<string | undefined> {
    const tokens = this.held.get(client) ?? new Set<string>();
    if (tokens.size >= share) return undefined;
    const token = randomUUID();
    tokens.add(token);
    this.held.set(client, tokens);
    return token;
  }

  async give(client: string, token: string): Promise<void> {
    const tokens = this.held.get(client);
    tokens?.delete(token);
    if (tokens?.size === 0) this.held.delete(client);
  }
}
