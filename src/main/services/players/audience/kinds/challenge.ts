/** The players' rules for what the challenge table writes. Until a kind is listed here it is the GM's alone. */
import type { KindRule } from './rule'

export const CHALLENGE_RULES: Record<string, KindRule> = {}
