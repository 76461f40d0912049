// Types for scripts/node-runtime.mjs (imported by tests).
import type { ChildProcess } from 'node:child_process'
export declare const MIN_NODE: string
export declare const NODE_MAJOR: number
export declare const NPM_MAJOR: number
export declare function isRecentNode(version?: string, min?: string): boolean
export declare function toolsDir(env?: Record<string, string | undefined>, home?: string): string
export declare function nodePackageName(platform?: string, arch?: string): string
export declare function toolsBinDir(dir?: string): string
export declare function withPathFirst(env: Record<string, string | undefined>, bin: string): Record<string, string | undefined>
export declare function provisionedNode(dir?: string): { bin: string; version: string } | null
export declare function npmCommand(env?: Record<string, string | undefined>): { command: string; args: string[] }
export declare function provisionNode(dir?: string): { bin: string; version: string }
export declare function relay(child: ChildProcess): void
export declare function ensureRecentNode(options?: { dir?: string }): Promise<void>
export declare function isMain(url: string): boolean
