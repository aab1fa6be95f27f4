// The parsing worker's entry (player-imports.pool.ts): plain JavaScript, so Node starts it
// as it is; it registers tsx in this thread and then loads the TypeScript worker. The same
// under `tsx server/main.ts`, `node --import tsx` and vitest.
import { register } from 'tsx/esm/api';

register();
await import('./player-imports.worker.ts');
