/**
 * The combat scenes' sentences, built from their entries' fields: the GM's log writes them as the
 * fight goes, and the players' gate writes them again from the players' own fields (a foe's number
 * left out until the GM shows it). No imports: both sides use it.
 */

/** A foe as a scene's sentence reads it: its name and, when known, its one number (LODE-12 Base Dice, RK-1 rank). */
export interface FoeWords {
  name: string
  baseDice?: number | null | undefined
  rank?: string | null | undefined
}

/** The foe's number in words: "Base Dice 2" or "Fair"; '' when it has none (a Challenge's foe, or one whose number is not told). */
export function foeNumber(foe: FoeWords): string {
  if (typeof foe.baseDice === 'number') return `Base Dice ${foe.baseDice}`
  return foe.rank ? foe.rank.charAt(0).toUpperCase() + foe.rank.slice(1) : ''
}

/** "Rust golem (Base Dice 4)", or the name alone when no number is told. */
export function foeWithNumber(foe: FoeWords): string {
  const number = foeNumber(foe)
  return number ? `${foe.name} (${number})` : foe.name
}

/** LODE-11: the scene that begins with a fight's start or end, after the scene kept in the entry. */
function sceneWords(sceneBefore: { number: number } | null | undefined): string {
  return sceneBefore ? ` Scene ${sceneBefore.number + 1} begins (LODE-11).` : ''
}

/**
 * @example startedText([{ name: 'Ghoul', baseDice: 2 }], { number: 1 }) // 'The fight is on against Ghoul (Base Dice 2). Scene 2 begins (LODE-11).'
 */
export function startedText(foes: readonly FoeWords[], sceneBefore: { number: number } | null | undefined): string {
  const scene = sceneWords(sceneBefore)
  return foes.length > 0 ? `The fight is on against ${foes.map(foeWithNumber).join(', ')}.${scene}` : `The fight is on.${scene}`
}

/**
 * @example endedText(3, ['Ghoul'], null) // 'The fight is over after 3 rounds against Ghoul.'
 */
export function endedText(rounds: number, foes: readonly string[], sceneBefore: { number: number } | null | undefined): string {
  return `The fight is over after ${rounds} round${rounds === 1 ? '' : 's'}${foes.length ? ` against ${foes.join(', ')}` : ''}.${sceneWords(sceneBefore)}`
}

/** @example joinedText({ name: 'Cultist', rank: 'good' }) // 'Cultist (Good) joins the fight.' */
export function joinedText(foe: FoeWords): string {
  return `${foeWithNumber(foe)} joins the fight.`
}
