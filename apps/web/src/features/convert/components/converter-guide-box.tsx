// How-to, supported formats and pro tips, from the page's catalog entry.
import type { ConverterPage } from '@grabbit/catalog';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { converterGuide } from '../lib/converter-guide';

function GuidePart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

export function ConverterGuideBox({ page }: { page: ConverterPage }) {
  const guide = converterGuide(page);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">How to convert {page.label} files</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-3">
        <GuidePart title="How to">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            {guide.howTo.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </GuidePart>
        <GuidePart title="Supported formats">
          <dl className="space-y-1 text-sm text-slate-700">
            <dt className="font-medium">Input</dt>
            <dd>{guide.inputFormats}</dd>
            <dt className="font-medium">Output</dt>
            <dd>{guide.outputFormats}</dd>
            <dt className="font-medium">Maximum size</dt>
            <dd>{page.maxSize}</dd>
          </dl>
        </GuidePart>
        <GuidePart title="Pro tips">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {guide.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </GuidePart>
      </CardContent>
    </Card>
  );
}
