import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { muiWithoutCssVars } from './scripts/lib/mui-without-css-vars';

const apiPort = Number(process.env.PORT ?? 3000);

// `ANALYZE=1 npm run build` also writes what each chunk holds: .tmp/bundle.html to look
// at, .tmp/bundle.json (raw data) to query. Imported only then: it is a dev tool, and
// `npm start` builds with the dependencies alone.
async function analyzePlugins(): Promise<PluginOption[]> {
  if (!process.env.ANALYZE) return [];
  const { visualizer } = await import('rollup-plugin-visualizer');
  return [
    visualizer({ filename: '.tmp/bundle.html', template: 'treemap', gzipSize: true }),
    visualizer({ filename: '.tmp/bundle.json', template: 'raw-data', gzipSize: true }),
  ];
}

/**
 * The lazy chunks whose dependencies are preloaded with them: the sign-in page, and the way
 * in after signing in (the session restore, the data cache, the shell, the dashboard and
 * the owner's frame; the charts and tables of the figures). Without its list, a chunk's
 * imports are only discovered once it has arrived and run, one round trip per level: /login
 * waited on five levels of small chunks before it drew (Lighthouse's LCP, issue #18). Each
 * list weighs on the chunk that imports: the dashboard figures' own (owner-dashboard-content)
 * would put /home/dashboard over its first-load budget.
 */
const PRELOADED_WITH_DEPS =
  /(login-screen|users\.api|app-shell|data-cache-layout|dashboard-screen|owner-dashboard|dashboard-charts|figure-table)-[\w-]{8}\.js$/;

export default defineConfig({
  plugins: [
    react(),
    // About 5 KB gzip less on every first load: MUI's CSS-variables theme code, which our
    // plain theme never runs, left out (see the plugin).
    muiWithoutCssVars(),
    // Brotli and gzip copies made once at build time; the server sends them as they are
    // (server/static-site.ts, @fastify/static preCompressed) instead of compressing per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      // Source maps are never sent (see build.sourcemap).
      exclude: [/\.map$/],
      logLevel: 'silent',
    }),
    // A plugin option may be a promise; Vite awaits it.
    analyzePlugins(),
  ],
  server: {
    port: 5173,
    // In development the SPA is served by Vite and /api goes to the Fastify server.
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    // Written for profiling and error reports, but no script names them and the server does
    // not publish them (server/static-site.ts).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks each route loads, for scripts/first-load.ts.
    manifest: true,
    // Every browser we support preloads modules itself (Safari since 17); an older one
    // loads the same chunks a moment later. Half a KB less before /login draws.
    modulePreload: {
      polyfill: false,
      // The entry carries, for each lazy screen, the list of chunks to fetch beside it: it
      // grows with every screen (the players, trainers and categories screens put /login
      // over its budget). Only /login and the way in after signing in keep their lists
      // (PRELOADED_WITH_DEPS); any other screen fetches its chunks as it loads, one round
      // trip later.
      resolveDependencies: (filename, deps) => (PRELOADED_WITH_DEPS.test(filename) ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every library the entry needs in one chunk: one request and one gzip window
          // instead of a dozen small ones (about 6 KB less on /login); the rest stays with
          // the lazy routes that use it.
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
            { name: 'data-cache', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The MUI parts of the shell (menus, tooltips, badges, drawer, avatar, lists)
            // that /login never draws, in one chunk every /home page loads with the shell:
            // left alone they split into a small chunk each time a lazy screen starts using
            // one (this group took /home/dashboard from 260.5 to 256.4 KB). Their own
            // dependencies stay where they are (not pulled in recursively), so /login, which
            // shares them through TextField, does not load this chunk; `npm run first-load`
            // checks both.
            {
              name: 'shell-ui',
              test: /node_modules[\\/](@mui[\\/]material[\\/](Popper|MenuItem|Badge|Tooltip|Drawer|Avatar|ListItem|ListItemText|ListItemIcon|ListItemButton|ListSubheader|Divider|Slide)[\\/]|@popperjs)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
