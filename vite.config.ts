import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // The server bundle's entry is our Hono app, which mounts the React Router
  // request handler: one module graph for pages, API and services.
  environments: {
    ssr: {
      build: { rollupOptions: { input: './server/app.ts' } },
    },
  },
  server: { middlewareMode: true },
  plugins: [tailwindcss(), reactRouter()],
});
