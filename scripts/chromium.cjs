// The Chromium the browser tests drive, chosen in one place for playwright.config.ts and
// scripts/test.mjs: CHROMIUM_PATH when set, else Debian's /usr/bin/chromium, else Playwright's own
// build when `npx playwright install chromium` has put one on this machine.
// (CommonJS: Playwright loads its TypeScript config, and what that imports, as CommonJS.)
'use strict'
const { existsSync } = require('node:fs')

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/** One line saying how to get a Chromium for the browser tests. */
const HOW_TO_GET_CHROMIUM =
  "Lantern's browser tests need Chromium: install Debian's (`sudo apt-get install chromium`), set CHROMIUM_PATH to a Chromium or Chrome binary, or run `npx playwright install chromium`."

/** Playwright's own Chromium on this machine (installed or not), or null when Playwright is absent. */
function playwrightChromium() {
  try {
    return require('playwright-core').chromium.executablePath()
  } catch {
    return null
  }
}

/**
 * The Chromium to use: `{ executablePath, source }`, or `{ error }` saying in one line why there is none.
 * The arguments are there for tests.
 */
function findChromium({ env = process.env, exists = existsSync, playwright = playwrightChromium } = {}) {
  if (env.CHROMIUM_PATH) {
    return exists(env.CHROMIUM_PATH)
      ? { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' }
      : { error: `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist. ${HOW_TO_GET_CHROMIUM}` }
  }
  if (exists(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, source: 'Debian' }
  const own = playwright()
  if (own && exists(own)) return { executablePath: own, source: 'Playwright' }
  return { error: HOW_TO_GET_CHROMIUM }
}

module.exports = { DEBIAN_CHROMIUM, HOW_TO_GET_CHROMIUM, findChromium }
