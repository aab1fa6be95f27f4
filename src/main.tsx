import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render as a transition: React renders it in slices, yielding to the browser
// between them, so a slow phone stays responsive while the app mounts (Lighthouse's TBT).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders router={createAppRouter()} />
    </StrictMode>,
  );
});
