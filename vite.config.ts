import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the SPA is served by Vite and /api goes to the Fastify server.
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
});
