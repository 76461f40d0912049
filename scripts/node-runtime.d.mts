// Types for scripts/node-runtime.mjs (imported by tests).
import type { ChildProcess } from 'node:child_process'
/** A pinned npm package: "name@version" and its tarball's dist.integrity ("sha512-…"). */
export interface Pin {
  package: string
  integrity: string
}
/** scripts/node-pins.json. */
export interface Pins {
  node: Record<string, Pin>
  npm: Pin
}
export declare const MIN_NODE: string
export declare const PINS_FILE: string
export declare const NPM_MAJOR: number
export declare const MARKER: string
export declare function readPins(file?: string): Pins
export declare function splitSpec(spec: string): { name: string; version: string }
export declare function isRecentNode(version?: string, min?: string): boolean
export declare function toolsDir(env?: Record<string, string | undefined>, home?: string): string
export declare function nodePin(pins?: Pins, platform?: string, arch?: string): Pin | null
export declare function markerFor(pins?: Pins, platform?: string, arch?: string): string
export declare function toolsBinDir(dir?: string): string
export declare function withPathFirst(env: Record<string, string | undefined>, bin: string): Record<string, string | undefined>
export declare function provisionedNode(dir?: string, pins?: Pins): { bin: string; version: string } | null
export declare function npmCommand(env?: Record<string, string | undefined>): { command: string; args: string[] }
export declare function matchesIntegrity(file: string, integrity: string): boolean
export declare function checkPinned(file: string, pin: Pin): string
export declare function fetchPinned(pin: Pin, into: string, npm?: { command: string; args: string[] }): string
export declare function provisionNode(dir?: string, pins?: Pins): { bin: string; version: string }
export declare function relay(child: ChildProcess): void
export declare function ensureRecentNode(options?: { dir?: string }): Promise<void>
export declare function isMain(url: string): boolean
