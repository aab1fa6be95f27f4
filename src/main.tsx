import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

// zod's fast path probes `new Function`, which the page's CSP (script-src 'self') refuses
// and the browser reports as a violation; the browser's parses are few and small. zod reads
// its shared configuration from this global when it loads (zod/v4/core `globalConfig`), so
// the entry sets it without loading zod.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The router (its route table ranked, the first page's modules asked for) in a task of its
// own, after the one that ran the modules: one long task of a slow phone's main thread
// becomes two shorter ones, and input can be answered between them (issue #18). The first
// render as a transition: React renders it in slices, yielding to the browser between
// them, so a slow phone stays responsive while the app mounts (Lighthouse's TBT).
setTimeout(() => {
  const router = createAppRouter();
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders router={router} />
      </StrictMode>,
    );
  });
}, 0);
