import type * as RouteTitles from './route-titles';
import type { AppRouter, RouterState } from './router';

/**
 * Keeps `document.title` on the current page's title (route-titles.ts), in one place for
 * every route: sign-in, the /home pages and the not-found page; the public site's pages
 * name themselves (`usePageMeta`). The titles
 * module is fetched once, when the first page's modules have arrived, so no page's first load
 * waits for it; until then the tab shows index.html's 'Gestión deportiva'.
 */
export function followDocumentTitle(router: AppRouter): void {
  let titles: Promise<typeof RouteTitles> | undefined;
  let shown: string | undefined;
  const show = ({ initialized, location: { pathname } }: RouterState) => {
    if (!initialized || pathname === shown) return;
    shown = pathname;
    titles ??= import('./route-titles');
    titles
      .then(({ documentTitle }) => {
        const title = documentTitle(pathname);
        // A later navigation may have landed while the module was loading.
        if (title !== null && router.state.location.pathname === pathname) document.title = title;
      })
      // A failed load (offline, a new deploy) leaves the app's name; the next page retries.
      .catch(() => {
        titles = undefined;
        shown = undefined;
      });
  };
  show(router.state);
  router.subscribe(show);
}
