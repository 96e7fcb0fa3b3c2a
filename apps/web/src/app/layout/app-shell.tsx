// The layout of every page: sidebar, top banner 970x90 (320x50 on phones), header with the slogan
// (and the paste box on phones), the page, footer (with the connection badge); on extra-wide screens
// a column of three 160x600 slots on each side.
import { slogan } from '@grabbit/catalog';
import { Outlet, useLocation } from 'react-router';
import { AdSlot } from '../../features/ads/ad-slot';
import { BannerSlot } from '../../features/ads/banner-slot';
import { ConnectionBadge } from '../../features/connection/connection-gate';
import { LinkPasteBox } from '../../features/download/components/link-paste-box';
import { RouteErrorBoundary } from '../pages/error-page';
import { DesktopSidebar, MobileTopBar } from './sidebar';

function SideAdColumn({ side }: { side: 'left' | 'right' }) {
  return (
    <div className="hidden shrink-0 flex-col gap-4 pt-4 2xl:flex" data-testid={`side-ads-${side}`}>
      <AdSlot size="160x600" priority="low" />
      <AdSlot size="160x600" priority="low" />
      <AdSlot size="160x600" priority="low" />
    </div>
  );
}

export function AppShell() {
  const { pathname } = useLocation();
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <DesktopSidebar />
      <div className="lg:pl-64">
        <MobileTopBar />
        <div className="flex justify-center gap-6 px-4">
          <SideAdColumn side="left" />
          <div className="flex min-w-0 flex-1 flex-col gap-4 py-4 2xl:max-w-5xl">
            <BannerSlot size="970x90" priority="high" />
            <header className="text-center">
              <p className="text-sm font-medium text-slate-700 sm:text-base">{slogan}</p>
              {/* On phones the paste box sits in the header of every page (the home page has its own). */}
              {pathname !== '/' && <LinkPasteBox id="header-link" className="mt-3 lg:hidden" />}
            </header>
            <main id="main" className="min-w-0">
              {/* A page that fails to render shows the error page inside the layout; navigating resets it. */}
              <RouteErrorBoundary key={pathname}>
                <Outlet />
              </RouteErrorBoundary>
            </main>
            <footer className="mt-8 border-t border-slate-200 pt-6 pb-4 text-center text-sm text-slate-700">
              Download videos from YouTube, TikTok, Instagram and more, and convert your files to various
              formats.
              <span className="mt-3 flex justify-center">
                <ConnectionBadge />
              </span>
            </footer>
          </div>
          <SideAdColumn side="right" />
        </div>
      </div>
    </div>
  );
}
