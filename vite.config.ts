import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const localesDirectory = resolve(import.meta.dirname, 'locales');

/** Serves `locales/` at /locales in development and copies it into the build, so one folder feeds both. */
function localesPlugin(): Plugin {
  return {
    name: 'workspace-locales',
    configureServer(server) {
      server.middlewares.use('/locales', (request, response, next) => {
        const relativePath = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
        const filePath = resolve(localesDirectory, `.${relativePath}`);
        if (!filePath.startsWith(localesDirectory) || !existsSync(filePath) || !filePath.endsWith('.json')) return next();
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        createReadStream(filePath).pipe(response);
      });
    },
    generateBundle() {
      for (const language of readdirSync(localesDirectory)) {
        for (const file of readdirSync(join(localesDirectory, language))) {
          this.emitFile({
            type: 'asset',
            fileName: `locales/${language}/${file}`,
            source: readFileSync(join(localesDirectory, language, file)),
          });
        }
      }
    },
  };
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), localesPlugin()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: 'http://localhost:3000', ws: true },
      '/healthz': 'http://localhost:3000',
      // File bytes: signed uploads (local driver) and the session/shared downloads.
      '/uploads': 'http://localhost:3000',
      '/media/files': 'http://localhost:3000',
    },
  },
});
