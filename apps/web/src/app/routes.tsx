// The route tree, built from the catalog: one route per page path (plus converter canonical
// aliases) and a 404 catch-all. The same tree renders on the server (StaticRouter) and the client
// (BrowserRouter). Declarative routing keeps the home page's JavaScript small: no data router.
import { routes as catalogRoutes, type RouteMeta } from '@grabbit/catalog';
import { useRoutes, type RouteObject } from 'react-router';
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

function pageRoutes(): RouteObject[] {
  return catalogRoutes.flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((path): RouteObject =>
      path === '/' ? { index: true, element: pageElement(route) } : { path, element: pageElement(route) },
    ),
  );
}

function createRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [...pageRoutes(), { path: '*', element: <NotFoundPage /> }],
    },
  ];
}

const appRoutes = createRoutes();

export function AppRoutes() {
  return useRoutes(appRoutes);
}
