/** The players' rules for what the lode table writes. Until a kind is listed here it is the GM's alone. */
import type { KindRule } from './rule'

export const LODE_RULES: Record<string, KindRule> = {}
