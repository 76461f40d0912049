// Types for scripts/chromium.cjs (imported by playwright.config.ts and tests).
export declare const DEBIAN_CHROMIUM: string
export declare const HOW_TO_GET_CHROMIUM: string
export type ChromiumChoice =
  | { executablePath: string; source: 'CHROMIUM_PATH' | 'Debian' | 'Playwright'; error?: undefined }
  | { error: string; executablePath?: undefined; source?: undefined }
export declare function findChromium(options?: {
  env?: Record<string, string | undefined>
  exists?: (path: string) => boolean
  playwright?: () => string | null
}): ChromiumChoice
