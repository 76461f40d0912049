import { describe, expect, it } from 'vitest'
import { DEBIAN_CHROMIUM, HOW_TO_GET_CHROMIUM, findChromium } from '../../scripts/chromium.cjs'

const on = (...paths: string[]) => (p: string) => paths.includes(p)

describe('the Chromium the browser tests use', () => {
  it('is CHROMIUM_PATH when set, then Debian’s, then Playwright’s own', () => {
    const playwright = () => '/pw/chrome'
    expect(findChromium({ env: { CHROMIUM_PATH: '/x/chrome' }, exists: on('/x/chrome', DEBIAN_CHROMIUM), playwright })).toEqual({
      executablePath: '/x/chrome',
      source: 'CHROMIUM_PATH',
    })
    expect(findChromium({ env: {}, exists: on(DEBIAN_CHROMIUM, '/pw/chrome'), playwright })).toEqual({
      executablePath: DEBIAN_CHROMIUM,
      source: 'Debian',
    })
    expect(findChromium({ env: {}, exists: on('/pw/chrome'), playwright })).toEqual({ executablePath: '/pw/chrome', source: 'Playwright' })
  })

  it('is none, with one line saying how to get one, when there is none', () => {
    expect(findChromium({ env: {}, exists: on(), playwright: () => '/pw/chrome' })).toEqual({ error: HOW_TO_GET_CHROMIUM })
    expect(findChromium({ env: {}, exists: on(), playwright: () => null })).toEqual({ error: HOW_TO_GET_CHROMIUM })
    expect(HOW_TO_GET_CHROMIUM).not.toContain('\n')
    const wrong = findChromium({ env: { CHROMIUM_PATH: '/gone' }, exists: on(DEBIAN_CHROMIUM) })
    expect(wrong.error).toMatch(/^CHROMIUM_PATH is \/gone, which does not exist\./)
  })
})
