/** The players' rules for what the ranks table writes. Until a kind is listed here it is the GM's alone. */
import type { KindRule } from './rule'

export const RANKS_RULES: Record<string, KindRule> = {}
