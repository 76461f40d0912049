import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

// LANTERN_OUT builds somewhere other than out/ (several people testing in one tree at once).
const out = process.env.LANTERN_OUT ?? 'out'

export default defineConfig({
  main: {
    build: {
      outDir: `${out}/main`,
      // package.json's dependencies (better-sqlite3's native code, pg, ws and the other CommonJS
      // packages) are loaded from node_modules at run time; the ES-module-only packages (Kysely, the
      // Markdown libraries) are devDependencies and so bundled: the main build is CommonJS and never
      // require()s an ES module (test/main/main-bundle.test.ts).
      rolldownOptions: {
        // The Electron entry and the browser-mode server share one build of the core.
        input: { index: resolve('src/main/index.ts'), server: resolve('src/main/server/cli.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: `${out}/preload`,
      rolldownOptions: { input: { index: resolve('src/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      outDir: resolve(`${out}/renderer`),
      minify: true,
      manifest: true, // the players' listener serves only what players.html needs (server/players-page.ts)
      rolldownOptions: { input: { index: resolve('src/renderer/index.html'), players: resolve('src/renderer/players.html') } },
    },
    plugins: [vue()],
  },
})
