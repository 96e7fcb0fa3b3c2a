// The per-site content below the tool: feature list or features box, the
// four-step guide, the FAQ, and the related links (the Related Tools block, or the related
// video downloaders only). Pages without catalog content show none of it.
import { relatedTools, siteContentFor, type Platform, type SiteContent } from '@grabbit/catalog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/** One titled block of the site content; the heading names the section for assistive tech. */
function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Features({ content, platform }: { content: SiteContent; platform: Platform }) {
  if (content.features.length === 0) return null;
  return (
    <ContentSection id="features-title" title={`${platform.name} downloader features`}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {content.features.map((feature) => (
          <li key={feature.title} className="rounded-md border border-slate-200 bg-white p-4">
            <h3 className="font-medium text-slate-900">{feature.title}</h3>
            <p className="text-sm text-slate-700">{feature.description}</p>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

function Steps({ content, platform }: { content: SiteContent; platform: Platform }) {
  if (content.steps.length === 0) return null;
  return (
    <ContentSection id="steps-title" title={`How to download ${platform.name} videos`}>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {content.steps.map((step, index) => (
          <li key={step.title} className="rounded-md border border-slate-200 bg-white p-4">
            <span className="text-sm font-semibold text-indigo-700">Step {index + 1}</span>
            <h3 className="font-medium text-slate-900">{step.title}</h3>
            <p className="text-sm text-slate-700">{step.description}</p>
          </li>
        ))}
      </ol>
    </ContentSection>
  );
}

function Faq({ content }: { content: SiteContent }) {
  if (content.faq.length === 0) return null;
  return (
    <ContentSection id="faq-title" title="Frequently asked questions">
      <div className="space-y-2">
        {content.faq.map((entry) => (
          <details
            key={entry.question}
            className="rounded-md border border-slate-200 bg-white p-4"
            data-faq-topic={entry.topic}
          >
            <summary className="cursor-pointer font-medium text-slate-900">{entry.question}</summary>
            <p className="mt-2 text-sm text-slate-700">{entry.answer}</p>
          </details>
        ))}
      </div>
    </ContentSection>
  );
}

function Related({ content, platform }: { content: SiteContent; platform: Platform }) {
  if (content.related === 'none') return null;
  const related = relatedTools(platform.route);
  const title = content.related === 'downloaders' ? 'Related downloaders' : 'Related Tools';
  return (
    <Card aria-labelledby="related-title" data-testid="related-tools">
      <CardHeader>
        <CardTitle id="related-title">{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {related.tools.map((tool) => (
            <li key={tool.path}>
              <Link to={tool.path} className="text-indigo-700 underline-offset-2 hover:underline">
                {tool.label}
              </Link>
            </li>
          ))}
        </ul>
        {content.related === 'tools-and-categories' && (
          <nav
            aria-label="Other categories"
            className="flex flex-wrap gap-3 border-t border-slate-200 pt-3 text-sm"
          >
            {related.otherCategories.map((category) => (
              <Link
                key={category.id}
                to={category.href}
                className="text-indigo-700 underline-offset-2 hover:underline"
              >
                {category.title}
              </Link>
            ))}
          </nav>
        )}
      </CardContent>
    </Card>
  );
}

export function SiteSections({ platform }: { platform: Platform }) {
  const content = siteContentFor(platform.id);
  if (!content) return null;
  return (
    <div className="space-y-8">
      <Features content={content} platform={platform} />
      <Steps content={content} platform={platform} />
      <Faq content={content} />
      <Related content={content} platform={platform} />
    </div>
  );
}
