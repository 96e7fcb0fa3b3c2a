// The route tree: the root layout around the catalog's page for the path (converter canonical
// aliases included, case and a trailing slash ignored, as the router itself matches) and the 404
// page for any other path. The same tree renders on the server (StaticRouter) and the client
// (BrowserRouter). Declarative routing keeps the home page's JavaScript small: no data router.
//
// One catch-all route, not one route per path: the router ranks and compiles every route it is
// given on each render, which with forty routes was a long task of its own on a phone as the page
// turned live. The catalog's lookup is one map read.
import { routeForPath, type RouteMeta } from '@grabbit/catalog';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { ConverterPageRoute, DownloaderPage } from './pages/tool-routes';
import { RootLayout } from './root-layout';

function pageElement(route: RouteMeta) {
  if (route.kind === 'downloader' && route.platformId)
    return <DownloaderPage platformId={route.platformId} />;
  if (route.kind === 'converter' && route.converterId)
    return <ConverterPageRoute converterId={route.converterId} />;
  return <HomePage heading={route.heading} description={route.description} />;
}

function CatalogPage() {
  const route = routeForPath(useLocation().pathname);
  return route ? pageElement(route) : <NotFoundPage />;
}

const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <CatalogPage /> },
      { path: '*', element: <CatalogPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
