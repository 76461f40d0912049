/**
 * Light sources (OSR-8) as data — defaults in `resources/osr/light-sources.json`, editable per
 * campaign — and the −5 for acting in darkness. The clock burns them by game time (CLK-4).
 */
import defaults from '../../../../../resources/osr/light-sources.json'
import { isAmount, isOneOf, isRecord, isText, readField, unlessProblems } from '../data-check'
import { requireWhole } from '../validate'

export type LightMode = 'all round' | 'narrow beam'

export interface LightBeam {
  mode: LightMode
  radiusFt: number
  arcDegrees: number
}

export interface LightSource {
  name: string
  /** The ways it can be used; a lantern gives a wide light or a narrow beam. */
  beams: LightBeam[]
  /** Burn time of one candle or torch, or of one unit of fuel; null where the GM sets it. */
  burnMinutes: number | null
  /** What refills it (a lantern's pint of oil), or null when it is used up. */
  fuel: string | null
  note: string
}

const isMode = isOneOf<LightMode>(['all round', 'narrow beam'])
const isNullableText = (v: unknown): v is string | null => v === null || isText(v)
const isNullableAmount = (v: unknown): v is number | null => v === null || isAmount(v)

function readBeam(problems: string[], where: string, raw: unknown): LightBeam | undefined {
  if (!isRecord(raw)) {
    problems.push(`${where}: a beam must be an object with mode, radiusFt and arcDegrees.`)
    return undefined
  }
  const mode = readField(problems, where, raw, 'mode', isMode, '"all round" or "narrow beam"')
  const radiusFt = readField(problems, where, raw, 'radiusFt', isAmount, 'a number of feet above 0')
  const arcDegrees = readField(problems, where, raw, 'arcDegrees', isAmount, 'a number of degrees above 0')
  return mode && radiusFt && arcDegrees ? { mode, radiusFt, arcDegrees } : undefined
}

/**
 * Checks a campaign's light sources (an object of name → source), reporting every problem at once.
 * @example parseLightSources({ candle: { name: 'candle', beams: [...], burnMinutes: 300, fuel: null, note: '' } })
 */
export function parseLightSources(raw: unknown): Record<string, LightSource> {
  const problems: string[] = []
  if (!isRecord(raw)) return unlessProblems('The light sources', ['they must be an object of name → light source.'], {})
  const sources: Record<string, LightSource> = {}
  for (const [id, entry] of Object.entries(raw)) {
    if (!isRecord(entry)) {
      problems.push(`${id}: must be an object.`)
      continue
    }
    const name = readField(problems, id, entry, 'name', isText, 'a name')
    const burnMinutes = readField(problems, id, entry, 'burnMinutes', isNullableAmount, 'minutes above 0, or null')
    const fuel = readField(problems, id, entry, 'fuel', isNullableText, 'the fuel that refills it, or null')
    const note = typeof entry['note'] === 'string' ? entry['note'] : ''
    const rawBeams = Array.isArray(entry['beams']) ? entry['beams'] : []
    if (rawBeams.length === 0) problems.push(`${id}: needs at least one beam.`)
    const beams = rawBeams.map((b, i) => readBeam(problems, `${id} beam ${i + 1}`, b))
    if (name && burnMinutes !== undefined && fuel !== undefined && beams.every((b) => b !== undefined)) {
      sources[id] = { name, beams: beams as LightBeam[], burnMinutes, fuel, note }
    }
  }
  return unlessProblems('The light sources', problems, sources)
}

/** OSR-8: the default light sources, checked at load. */
export const LIGHT_SOURCES: Readonly<Record<'candle' | 'torch' | 'lantern' | 'electric lamp', LightSource>> = (() => {
  const sources = parseLightSources(defaults)
  const { candle, torch, lantern } = sources
  const lamp = sources['electric lamp']
  if (!candle || !torch || !lantern || !lamp) throw new Error('resources/osr/light-sources.json lacks one of candle, torch, lantern, electric lamp.')
  return { candle, torch, lantern, 'electric lamp': lamp }
})()

/**
 * An electric lamp of double or triple a lantern's strength (OSR-8); its burn time is the GM's.
 * @example electricLamp(3).beams[1]?.radiusFt // 150
 */
export function electricLamp(strength: 2 | 3, burnMinutes: number | null = null): LightSource {
  requireWhole("The lamp's strength (times a lantern)", strength, { min: 2, max: 3 })
  return {
    name: 'electric lamp',
    beams: LIGHT_SOURCES.lantern.beams.map((b) => ({ ...b, radiusFt: b.radiusFt * strength })),
    burnMinutes,
    fuel: null,
    note: `${strength === 2 ? 'Double' : 'Triple'} a lantern's strength.`,
  }
}

/** OSR-8: actions in darkness take −5. */
export const DARKNESS_PENALTY = -5

/**
 * The darkness modifier for an action (OSR-8). A character who sees in the dark (heightened
 * awareness, OSR-4 e) does not take it.
 * @example darknessModifier({ lit: false }) // -5
 */
export function darknessModifier(input: { lit: boolean; seesInTheDark?: boolean }): number {
  return input.lit || input.seesInTheDark ? 0 : DARKNESS_PENALTY
}
