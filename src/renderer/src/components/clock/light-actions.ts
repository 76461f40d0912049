/**
 * What the GM can do with the party's lights right now (CLK-4), in the words a GM says them:
 * "Light Mira’s torch", "Douse Tai’s lantern", "Refill Tai’s lantern", "Hand Mira’s torch to Bryn".
 * The same list serves the party column and the command palette; each runs the clock store's light
 * action (light.light, light.douse, light.refill, light.handOver), an undoable action like any other.
 */
import type { ClockReport, ClockView, MethodInput } from '../../../../shared/contract'
import { duration, lightLabel } from './clock-format'

type LightMethod = 'light.light' | 'light.douse' | 'light.refill' | 'light.handOver'
/** Each light method's input without the campaign (the clock store adds it). */
type LightInput<K = LightMethod> = K extends LightMethod ? Omit<MethodInput<K>, 'campaignId'> : never

export interface LightAction {
  /** Stable among the list, for Vue's keys. */
  key: string
  /** The whole sentence: "Light Mira’s torch (2 in the pack)". */
  label: string
  /** The same without whose it is, for a list already under the character: "Light a torch (2 in the pack)". */
  short: string
  /** Whose light it is (the carrier), or null for one set down at a location. */
  characterId: number | null
  method: LightMethod
  input: LightInput
}

/**
 * Every light action the clock allows now: the packs' light sources to light (and a packed lantern
 * to refill), and each light on the clock to douse, light again, refill (a lantern) or hand to another of the party. A torch or candle
 * burnt to the end is used up and offers nothing.
 * @example lightActions(clock).map((a) => a.label) // ['Light Mira’s torch (2 in the pack)', 'Douse Tai’s lantern', …]
 */
export function lightActions(clock: ClockView): LightAction[] {
  const actions: LightAction[] = []
  for (const s of clock.supplies) {
    if (s.use !== 'light') continue
    const left = s.type === 'lantern' ? `${Number((s.oilPints ?? 0).toFixed(2))} pt oil` : `${s.quantity} in the pack`
    const plain = [s.type, `${s.type}s`, `${s.type}es`].includes(s.name.trim().toLowerCase())
    const named = plain ? '' : ` “${s.name}”`
    actions.push({
      key: `pack-${s.itemId}`,
      label: `Light ${s.characterName}’s ${s.type}${named} (${left})`,
      short: `Light a ${s.type}${named} (${left})`,
      characterId: s.characterId,
      method: 'light.light',
      input: { itemId: s.itemId },
    })
    if (s.type === 'lantern') {
      actions.push({
        key: `pack-refill-${s.itemId}`,
        label: `Refill ${s.characterName}’s ${s.type}${named}`,
        short: `Refill the ${s.type}${named} from the flask`,
        characterId: s.characterId,
        method: 'light.refill',
        input: { itemId: s.itemId },
      })
    }
  }
  for (const l of clock.lights) {
    const usedUp = l.burnSecondsLeft === 0 && l.oilPints === null
    if (usedUp) continue
    const label = lightLabel(l)
    const own = `the ${l.type}${l.itemName && l.itemName.trim().toLowerCase() !== l.type ? ` “${l.itemName}”` : ''}`
    const base = { characterId: l.characterId }
    if (l.lit) actions.push({ ...base, key: `douse-${l.id}`, label: `Douse ${label}`, short: `Douse ${own}`, method: 'light.douse', input: { lightId: l.id } })
    else if (l.burnSecondsLeft > 0) {
      const left = `${duration(l.burnSecondsLeft)} left`
      actions.push({ ...base, key: `relight-${l.id}`, label: `Light ${label} again (${left})`, short: `Light ${own} again (${left})`, method: 'light.light', input: { lightId: l.id } })
    }
    if (l.oilPints !== null) {
      actions.push({ ...base, key: `refill-${l.id}`, label: `Refill ${label}`, short: `Refill ${own} from the flask`, method: 'light.refill', input: { lightId: l.id } })
    }
    for (const p of clock.provisions) {
      if (p.characterId === l.characterId) continue
      actions.push({
        ...base,
        key: `hand-${l.id}-${p.characterId}`,
        label: `Hand ${label} to ${p.name}`,
        short: `Hand ${own} to ${p.name}`,
        method: 'light.handOver',
        input: { lightId: l.id, toCharacterId: p.characterId },
      })
    }
  }
  return actions
}

/** Runs a light action through the clock store (its refusal, in words, is the store's `error`). */
export function runLightAction(store: { act: (method: LightMethod, input: never, from?: string) => Promise<ClockReport | null> }, a: LightAction, from?: string): Promise<ClockReport | null> {
  return store.act(a.method, a.input as never, from)
}
