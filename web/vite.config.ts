import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The app is built with base '/': index.html references /assets/<hash>.js.
// The Go SPA handler (internal/spa) rewrites those references to
// {basePath}/assets/... when the site runs under a base path, so deep links
// work at any depth without a relative base.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // dist/ is emptied on each build; the build script recreates dist/.keep,
    // which stays committed so that go:embed always has a folder to embed.
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Pages are split by route (src/routes/lazyPages.tsx). The libraries every page needs (React,
        // React Router, TanStack Query) go in one vendor chunk, cached across releases of the app's
        // own code; without a group the bundler names that shared chunk after some app module.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] },
      },
    },
  },
  server: {
    // The server's list of the app's pages (internal/siteroutes/pages.txt) is read by a test
    // (src/siteRoutes.test.ts) that checks it against the router; it lives beside the Go code.
    fs: { allow: ['.', '../internal/siteroutes'] },
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/services': 'http://127.0.0.1:8080',
      '/logout': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testSetup.ts'],
    // Above the 5 s that findBy* may wait (src/testSetup.ts), so a slow machine fails a test only for a real miss.
    testTimeout: 20000,
    restoreMocks: true,
  },
});
