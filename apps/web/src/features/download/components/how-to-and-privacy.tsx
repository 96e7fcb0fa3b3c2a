// The shared how-to guide and privacy note every downloader page shows below the queue.
import { privacyNote, sharedHowTo, type Platform } from '@grabbit/catalog';
import { ShieldCheck } from 'lucide-react';

export function HowToGuide({ platform }: { platform: Platform }) {
  const guide = sharedHowTo(platform);
  return (
    <section aria-labelledby="how-to-title" className="space-y-2">
      <h2 id="how-to-title" className="text-xl font-semibold text-slate-900">
        {guide.title}
      </h2>
      <ol className="list-decimal space-y-1 pl-6 text-slate-700">
        {guide.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

export function PrivacyNote() {
  return (
    <section
      aria-labelledby="privacy-title"
      className="flex gap-3 rounded-md border border-slate-200 bg-white p-4"
    >
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
      <div>
        <h2 id="privacy-title" className="font-semibold text-slate-900">
          {privacyNote.title}
        </h2>
        <p className="text-sm text-slate-700">{privacyNote.text}</p>
      </div>
    </section>
  );
}
