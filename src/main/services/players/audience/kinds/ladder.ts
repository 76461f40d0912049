/** The players' rules for what the ladder table writes. Until a kind is listed here it is the GM's alone. */
import type { KindRule } from './rule'

export const LADDER_RULES: Record<string, KindRule> = {}
