// Types for scripts/web.mjs (imported by tests).
export declare function hasDisplay(env?: Record<string, string | undefined>, platform?: string): boolean
export declare function browserOpener(
  url: string,
  env?: Record<string, string | undefined>,
  platform?: string,
): { command: string; args: string[]; verbatim?: boolean } | null
export declare function runWeb(argv: string[]): void
