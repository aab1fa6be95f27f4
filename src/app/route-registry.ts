import { matchPath, type RouteObject } from 'react-router';

/** What a lazy route module resolves to: the route's component or element. */
export type RouteModule = Pick<RouteObject, 'Component' | 'element'>;

/** Imports the module of one route (a dynamic `import()` behind it). */
export type RouteLoader = () => Promise<RouteModule>;

export interface RouteRegistry<Path extends string> {
  /** The `lazy` of a route: loads the module registered for `path`, once. */
  lazy(path: Path): () => Promise<RouteModule>;
  /** The registered route pattern a concrete pathname belongs to, or null. */
  patternOf(pathname: string): Path | null;
  /**
   * Starts loading the module of the page at `pathname` (a sidebar item was hovered).
   * Unknown paths do nothing; calling it again reuses the load in flight or done.
   */
  preload(pathname: string): void;
}

/**
 * One loader per route pattern, shared by the router and whoever preloads. A load is
 * cached, so the router awaits the very promise a hover started; a failed load is
 * forgotten, so the next visit tries again (after a deployment, say).
 */
export function createRouteRegistry<Path extends string>(
  loaders: Readonly<Record<Path, RouteLoader>>,
): RouteRegistry<Path> {
  const loads = new Map<Path, Promise<RouteModule>>();
  const patterns = Object.keys(loaders) as Path[];

  const load = (path: Path): Promise<RouteModule> => {
    const cached = loads.get(path);
    if (cached) return cached;
    const loading = loaders[path]().catch((error: unknown) => {
      loads.delete(path);
      throw error;
    });
    loads.set(path, loading);
    return loading;
  };

  const patternOf = (pathname: string): Path | null => {
    const path = pathname.split(/[?#]/, 1)[0] ?? '';
    // Static patterns first, so /home/create-club-team never reads as a parameter.
    const byStaticness = [...patterns].sort(
      (a, b) => Number(a.includes(':')) - Number(b.includes(':')),
    );
    return byStaticness.find((pattern) => matchPath({ path: pattern, end: true }, path)) ?? null;
  };

  return {
    lazy: (path) => () => load(path),
    patternOf,
    preload: (pathname) => {
      const path = patternOf(pathname);
      // A failed preload is not an error to report: the visit itself will show it.
      if (path) load(path).catch(() => {});
    },
  };
}
