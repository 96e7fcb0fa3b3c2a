// What the visitor chose on the downloader card for cloud storage.
export interface CloudChoice {
  /** "Keep in cloud storage" ticked. */
  keep: boolean;
  /** Names the file; the server adds a random part to the key. */
  customKey: string;
  makePublic: boolean;
  retentionHours: number;
}

/** Retention 24 hours by default; the server clamps to its own maximum. */
export const retentionChoices = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
] as const;

export const defaultCloudChoice: CloudChoice = {
  keep: false,
  customKey: '',
  makePublic: false,
  retentionHours: 24,
};
