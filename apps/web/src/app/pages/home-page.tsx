// Home: title, the one paste box for every site, one section of tool cards per category with ad
// slots between them, and the Why Choose block.
import { homeSections, routeForPath, siteName, type HomeSection } from '@grabbit/catalog';
import { Award, Globe, ShieldCheck, Zap } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later';
import { BannerSlot } from '../../features/ads/banner-slot';
import { LinkPasteBox } from '../../features/download/components/link-paste-box';
import { useSharedLink } from '../../features/download/hooks/use-shared-link';
import { CatalogIcon } from '../layout/nav-icon';

const reasons = [
  {
    title: 'Free & Fast',
    icon: Zap,
    text: 'No sign-up and no limits: most files are ready in about 10-30 seconds.',
  },
  { title: 'High Quality', icon: Award, text: 'Keep the original quality, up to HD and Full HD video.' },
  {
    title: 'Multiple Platforms',
    icon: Globe,
    text: 'YouTube, TikTok, Instagram, Twitter/X, Vimeo and more, plus dozens of file formats.',
  },
  {
    title: 'Secure & Private',
    icon: ShieldCheck,
    text: 'No account, nothing personal stored; files are deleted after 24 hours.',
  },
] as const;

function SectionCards({ section }: { section: HomeSection }) {
  return (
    <section aria-labelledby={`home-${section.id}`} className="space-y-3">
      <div>
        <h2 id={`home-${section.id}`} className="text-xl font-bold text-slate-900">
          {section.title}
        </h2>
        <p className="text-sm text-slate-700">{section.description}</p>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {section.items.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              className="flex h-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow"
            >
              <CatalogIcon name={section.icon} className="mt-0.5 size-5 shrink-0 text-indigo-700" />
              <span>
                <span className="block font-semibold text-slate-900">{item.label}</span>
                <span className="mt-1 block text-sm text-slate-700">
                  {routeForPath(item.path)?.description}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WhyChoose() {
  return (
    <section
      aria-labelledby="why-choose"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="why-choose" className="mb-4 text-center text-2xl font-bold text-slate-900">
        Why Choose {siteName}?
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map(({ title, icon: Icon, text }) => (
          <li key={title} className="text-center">
            <Icon className="mx-auto mb-2 size-8 text-indigo-700" aria-hidden />
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomePage({ heading, description }: { heading: string; description: string }) {
  // Share -> Grabbit opens the home page with the link: move on to its downloader page.
  useSharedLink(undefined);
  return (
    <div className="space-y-8">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">{description}</p>
        <LinkPasteBox id="home-link" className="mx-auto mt-5 max-w-2xl" />
      </div>
      {homeSections.map((section, index) => (
        <Fragment key={section.id}>
          {index > 0 && <BannerSlot size="728x90" priority="medium" />}
          <HydrateLater>
            <SectionCards section={section} />
          </HydrateLater>
        </Fragment>
      ))}
      <BannerSlot size="728x90" priority="medium" />
      <HydrateLater>
        <WhyChoose />
      </HydrateLater>
    </div>
  );
}
