import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type * as RouteTitles from './route-titles';

let titles: Promise<typeof RouteTitles> | undefined;

/**
 * Keeps `document.title` on the current page's title (route-titles.ts), in one place for
 * every route: sign-in, the /home pages and the not-found page; the public site's pages
 * name themselves (`usePageMeta`, whose effect runs before this one). Set once the page is
 * drawn, not when the router starts going there: a navigation undone before it was drawn
 * (Back pressed at once on a slow phone) leaves the title of the page still on screen. The
 * titles module is fetched after the first page is drawn, so no page's first load waits
 * for it; until then the tab shows index.html's 'Gestión deportiva'.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    let shown = true;
    titles ??= import('./route-titles');
    titles
      .then(({ documentTitle }) => {
        const title = documentTitle(pathname);
        // Another page may have been drawn while the module was loading.
        if (shown && title !== null) document.title = title;
      })
      // A failed load (offline, a new deploy) leaves the app's name; the next page retries.
      .catch(() => {
        titles = undefined;
      });
    return () => {
      shown = false;
    };
  }, [pathname]);
}
