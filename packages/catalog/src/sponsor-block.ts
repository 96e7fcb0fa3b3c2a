// SponsorBlock (the community's database of segments in YouTube videos): the segment categories a
// download removes or marks, each with the chapter title it gets when marked, and what a visitor
// may ask for.

/** The categories asked for, by SponsorBlock's own names, with their chapter titles. */
export const sponsorBlockCategories = {
  sponsor: 'Sponsor',
  intro: 'Intro',
  outro: 'Outro',
  selfpromo: 'Self-promotion',
  interaction: 'Interaction reminder',
} as const;
export type SponsorBlockCategory = keyof typeof sponsorBlockCategories;

/** off: the file as the site has it; remove: the segments cut out; chapters: marked as chapters. */
export const sponsorBlockModes = ['off', 'remove', 'chapters'] as const;
export type SponsorBlockMode = (typeof sponsorBlockModes)[number];
