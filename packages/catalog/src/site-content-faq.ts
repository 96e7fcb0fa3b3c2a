// Building blocks shared by the per-site content: the common FAQ answers, the four-step guide and
// the formats box, each worded once and filled in with the site's name.
import { downloadDefaults, monetization } from './constants';
import type { ContentItem, FaqItem } from './site-content-types';

/** The five questions every site FAQ answers (free, formats, private content, safety, speed). */
export function commonFaq(site: string, privateAnswer?: string): FaqItem[] {
  return [
    {
      topic: 'free',
      question: `Is the ${site} downloader free?`,
      answer:
        'Yes, completely. There is no account, no subscription, no software to install and no limit on how many ' +
        'videos you download. Ads on the page keep Grabbit free.',
    },
    {
      topic: 'formats',
      question: `Which formats can I save ${site} videos in?`,
      answer:
        'Video as MP4 in HD or Full HD (the best quality the video offers), WEBM, MOV or MKV, and audio only as ' +
        'MP3 or M4A. Pick the format in the dropdown before you click download.',
    },
    {
      topic: 'private',
      question: `Can I download private ${site} videos?`,
      answer:
        privateAnswer ??
        `No. Grabbit downloads public content only: videos anyone can watch on ${site} without signing in. ` +
          'Private or restricted videos need the owner\u2019s permission and your own access.',
    },
    {
      topic: 'safety',
      question: 'Is it safe to use?',
      answer:
        'Yes. You do not sign up or install anything, and we store no personal information. Your files are kept ' +
        `on our server only so you can save them and are deleted automatically after ${downloadDefaults.retentionHours} hours.`,
    },
    {
      topic: 'speed',
      question: 'How fast is it?',
      answer:
        'Most downloads are ready in about 10-30 seconds. Long or very high-resolution videos take a little ' +
        'longer; the progress bar in the queue shows how far along each one is.',
    },
  ];
}

/** The four-step guide: copy the URL, paste and pick a format, click download and wait, enjoy. */
export function fourSteps(site: string, whereToCopy: string): ContentItem[] {
  return [
    { title: 'Copy the URL', description: whereToCopy },
    {
      title: 'Paste it and select a format',
      description: `Paste the ${site} link into the box above and choose MP4 for video or MP3 / M4A for audio only.`,
    },
    {
      title: 'Click Download and wait',
      description:
        `Click the download button ${monetization.clicksRegular} times to start. Most videos are ready in about ` +
        '10-30 seconds; the queue shows the progress.',
    },
    {
      title: 'Enjoy',
      description: 'Save the finished file to your phone or computer and watch it anytime, even offline.',
    },
  ];
}

/** The features box of the Facebook, Twitch and Reddit pages: one entry per format offered. */
export function formatFeatures(site: string): ContentItem[] {
  return [
    {
      title: 'MP4 HD and Full HD',
      description: `Keep ${site} videos in sharp 720p and 1080p where the original offers it.`,
    },
    {
      title: 'MP3',
      description: 'Extract just the soundtrack as an MP3 for music players and podcasts apps.',
    },
    { title: 'WEBM', description: 'A compact, open video format that plays in every modern browser.' },
    { title: 'M4A', description: 'High-quality AAC audio, ideal for iPhone, iPad and Mac.' },
    { title: 'MOV', description: 'The QuickTime format, ready for iMovie, Final Cut and other Apple apps.' },
    { title: 'MKV', description: 'A flexible container that keeps video and audio tracks in full quality.' },
  ];
}
