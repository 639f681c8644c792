/// <reference types="vitest/config" />

import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// The install manifest; the icons are drawn into public/ (maskable one with a full-bleed background).
const pwaManifest = {
  name: 'Outpost CRM',
  short_name: 'Outpost',
  description: 'Contacts, companies and the catalog, on site and offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'any' as const,
  background_color: '#f8fafc',
  theme_color: '#0f766e',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' as const },
  ],
}

// One config for the app build, the dev server and the test projects.
export default defineConfig({
  resolve: {
    // The workbook reader's unzip, kept on its worker's thread (src/features/records/unzip-in-thread.ts).
    alias: [
      {
        find: /^fflate$/,
        replacement: fileURLToPath(new URL('./src/features/records/unzip-in-thread.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: pwaManifest,
      // png and webmanifest are added by the plugin itself; listing them here duplicates entries.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,ico}'] },
    }),
  ],
  // Keep the Origin as the browser sent it: the server refuses cross-origin writes (CSRF guard).
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/images': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Rendering a whole route in jsdom takes well under a second alone, but CI runs every project at once
          // on two cores (Chromium included); the default 5 s has been overrun so, never by a hang.
          testTimeout: 15_000,
          setupFiles: ['./tests/unit/setup.ts'],
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Through vite, as the app's build takes it: its `fflate` is then the one the browser gets.
          server: { deps: { inline: ['read-excel-file'] } },
        },
      },
      {
        test: {
          name: 'sync',
          environment: 'node',
          setupFiles: ['./tests/sync/setup.ts'],
          include: ['tests/sync/**/*.test.ts'],
          testTimeout: 30_000,
          // Several files start the real server in their hooks, as the server project's do.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
