// npm run web [-- --port N --host H --data PATH --no-open]: Lantern in a browser.
// Builds if needed, starts the built server (out/main/server.js, or under LANTERN_OUT), passes its
// address through and opens it in the system browser where there is one to open. Opening is off
// with --no-open, LANTERN_NO_OPEN=1 or BROWSER=none, and where there is no display.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { buildIfNeeded, outDir } from './build-if-needed.mjs'
import { ensureRecentNode, isMain, relay } from './node-runtime.mjs'

/** Whether there is a desktop to show a window or a browser on (always, but on Linux and BSDs without X or Wayland). */
export function hasDisplay(env = process.env, platform = process.platform) {
  if (platform === 'win32' || platform === 'darwin') return true
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY)
}

function onPath(command, env) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH')
  return (env[key] ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)))
}

/**
 * How to open `url` in the system browser here: `{ command, args }`, or null when opening is turned
 * off or there is nothing to open it with.
 */
export function browserOpener(url, env = process.env, platform = process.platform) {
  if ((env.LANTERN_NO_OPEN && env.LANTERN_NO_OPEN !== '0') || env.BROWSER === 'none' || !hasDisplay(env, platform)) return null
  if (platform === 'darwin') return { command: 'open', args: [url] }
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', `"${url}"`], verbatim: true }
  return onPath('xdg-open', env) ? { command: 'xdg-open', args: [url] } : null
}

function openBrowser(url) {
  const how = browserOpener(url)
  if (!how) return
  try {
    const child = spawn(how.command, how.args, { stdio: 'ignore', detached: true, windowsVerbatimArguments: how.verbatim })
    child.on('error', () => {})
    child.unref()
    console.log('Opening it in your browser.')
  } catch {
    // Nothing to open it with after all: the address above is enough.
  }
}

/**
 * Starts the browser mode with the server's own arguments (--port, --host, --data; PORT and GM_DATA
 * work too) and stays until it stops; `--no-open` is this script's own.
 */
export function runWeb(argv) {
  const noOpen = argv.includes('--no-open')
  const args = argv.filter((a) => a !== '--no-open')
  buildIfNeeded()
  const child = spawn(process.execPath, [join(outDir(), 'main/server.js'), ...args], { stdio: ['inherit', 'pipe', 'inherit'] })
  // A reader that goes away (`npm run web | head`) is no reason to stop serving.
  process.stdout.on('error', () => {})
  let seen = ''
  let opened = noOpen
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk)
    if (opened) return
    seen += chunk.toString()
    const m = /https?:\/\/\S+\?token=\S+(?=\s)/.exec(seen)
    if (m) {
      opened = true
      seen = ''
      openBrowser(m[0])
    }
  })
  relay(child)
}

if (isMain(import.meta.url)) {
  await ensureRecentNode()
  runWeb(process.argv.slice(2))
}
