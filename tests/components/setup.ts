import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Screens and the shell are lazy route modules: the first visit of one imports it, which
// takes more than the default second when the test files run in parallel on two cores.
configure({ asyncUtilTimeout: 5000 });
