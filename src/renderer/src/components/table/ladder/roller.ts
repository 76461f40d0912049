/** Who rolls and with what: a character and one of their assets, or a name and a rung typed at the table. */
import type { LadderCharacter, Rung } from '../../../../../shared/api/table-ladder.contract'

export interface RollerChoice {
  characterId: number | null
  name: string
  /** The asset's name on the sheet; empty for a rung set by hand or no matching asset. */
  assetName: string
  asset: Rung
  /** LAD-25: a magical asset, rolled on the extended ladder. */
  magical: boolean
}

export function blankRoller(name = ''): RollerChoice {
  return { characterId: null, name, assetName: '', asset: 'good', magical: false }
}

/** The choice for a character's first asset (or Poor when they have none). */
export function rollerFor(c: LadderCharacter): RollerChoice {
  const first = c.assets[0]
  return first
    ? { characterId: c.id, name: c.name, assetName: first.name, asset: first.rating, magical: first.school !== null }
    : { characterId: c.id, name: c.name, assetName: '', asset: 'poor', magical: false }
}

/** The API's participant for a choice. */
export function participantOf(r: RollerChoice, wonky: 'good' | 'bad' | null = null) {
  return { characterId: r.characterId, name: r.name.trim() || 'Someone', assetName: r.assetName, asset: r.asset, wonky }
}
