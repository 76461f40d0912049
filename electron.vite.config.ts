import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        // The Electron entry and the browser-mode server share one build of the core.
        input: { index: resolve('src/main/index.ts'), server: resolve('src/main/server/cli.ts') },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: { input: { index: resolve('src/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      minify: true,
      rolldownOptions: { input: resolve('src/renderer/index.html') },
    },
    plugins: [vue()],
  },
})
