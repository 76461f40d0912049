/**
 * What a roll at the old-school table is before any die is thrown: who rolls, against whom, and
 * every part of the modifier in the GM's words. Odds and rolls are both made from the same plan,
 * so the odds shown are the odds of the roll that follows.
 */
import type { OsrModifierPart, OsrFighter, ParsedOsrRoll } from '../../../shared/contract'
import { accuracyFt, BACKSTAB_BONUS, CHECK_TARGET, darknessModifier, optionBonus, rangePenalty, sampleSpell, SAMPLE_SPELLS, scaleSpellDefinition, strikeBonus, type Launcher, type OptionName, type ShotInput, type SpellDefinition, type StrikeInput, type WeaponClass } from '../../engines/osr'
import { type Tx, AppError } from '../core'
import { partyInDarkness } from '../clock'
import { fighterIn } from './fighters'

type Weapon = OsrFighter['weapons'][number]
const part = (label: string, value: number): OsrModifierPart => ({ label, value })

export type RollPlan =
  | { what: 'check'; who: OsrFighter | null; parts: OsrModifierPart[]; modifier: number; target: number }
  | { what: 'save'; who: OsrFighter | null; target: number }
  | { what: 'is-it-so' }
  | { what: 'strike'; who: OsrFighter; defender: OsrFighter | null; weapon: Weapon | null; parts: OsrModifierPart[]; modifier: number; input: StrikeInput }
  | { what: 'shot'; who: OsrFighter; defender: OsrFighter | null; weapon: Weapon | null; parts: OsrModifierPart[]; modifier: number; input: ShotInput; penalty: number; reloads: boolean }
  | { what: 'cast'; who: OsrFighter; parts: OsrModifierPart[]; modifier: number; spell: SpellDefinition; scaled: SpellDefinition }

/** A refusal in the GM's words, for an input the rules cannot take. */
export function refused(message: string, field: string): AppError {
  return new AppError('refused', message, [{ field, problem: message }])
}

/** OSR-8: the clock's darkness, unless the GM says otherwise for this roll. */
async function inDarkness(tx: Tx, campaignId: number, said: boolean | undefined): Promise<boolean> {
  if (said !== undefined) return said
  return partyInDarkness(tx, campaignId)
}

/** The darkness part: −5 in the dark unless the character sees in the dark (OSR-4 e, OSR-8). */
function darknessParts(dark: boolean, who: OsrFighter | null): OsrModifierPart[] {
  if (!dark) return []
  const modifier = darknessModifier({ lit: false, seesInTheDark: who?.seesInTheDark ?? false })
  return [part(modifier === 0 ? 'Darkness: sees in the dark' : 'Darkness', modifier)]
}

const sum = (parts: OsrModifierPart[]): number => parts.reduce((n, p) => n + p.value, 0)
const situationalParts = (n: number): OsrModifierPart[] => (n === 0 ? [] : [part('Situational', n)])

function weaponOf(who: OsrFighter, weaponId: number | null): Weapon | null {
  // An ad-hoc foe (negative id) strikes with its one attack unless the GM says otherwise.
  if (weaponId === null) return who.id < 0 ? (who.weapons[0] ?? null) : null
  const weapon = who.weapons.find((w) => w.id === weaponId)
  if (!weapon) throw refused(`${who.name} carries no weapon with id ${weaponId}; pick one of their weapons, or a natural limb.`, 'roll.weaponId')
  return weapon
}

/** OSR-18: a missile's launcher from the weapon when the GM does not say — thrown unless it is a ranged weapon. */
export function defaultLauncher(weapon: Weapon | null): Launcher {
  if (!weapon?.ranged) return 'thrown'
  return weapon.weaponClass === 'long' ? 'high-powered' : 'low-powered'
}

/** OSR-24: a spell's full definition — the sample's, or only its level for a GM's own spell. */
function spellDefinition(who: OsrFighter, spellId: string): SpellDefinition {
  const known = who.spells.find((s) => s.id === spellId)
  if (!known) throw refused(`${who.name} has not learnt “${spellId}”: a spell must be learnt before it is prepared and cast (OSR-21).`, 'roll.spellId')
  if (SAMPLE_SPELLS.some((s) => s.id === spellId)) return sampleSpell(spellId)
  const art = known.art === 'divine' ? 'divine' : 'arcane'
  return { id: known.id, name: known.name, art, level: known.level, reach: 'line of sight', range: null, duration: 'instant', effects: {}, description: '' }
}

/** Engine refusals (a RangeError naming the value) become the GM's refusal. */
export function underRules<T>(field: string, fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    if (err instanceof AppError) throw err
    throw refused(`${(err as Error).message} Nothing was rolled.`, field)
  }
}

async function planStrike(tx: Tx, campaignId: number, roll: Extract<ParsedOsrRoll, { what: 'strike' }>, who: OsrFighter): Promise<RollPlan> {
  const defender = roll.targetId === null ? null : await fighterIn(tx, roll.targetId, campaignId)
  const weapon = weaponOf(who, roll.weaponId)
  const armour = roll.armour ?? defender?.armour.modifier ?? 0
  const defenderM = defender?.M ?? 0
  const dark = darknessParts(await inDarkness(tx, campaignId, roll.darkness), who)
  const situational = sum([...dark, ...situationalParts(roll.situational)])
  // OSR-15: attacker B − defender M − defender armour + ⌊level / 3⌋; OSR-16: a stab in the back +5.
  const parts = [
    part(`${who.name}’s B`, who.B),
    part(defender ? `${defender.name}’s M` : 'Target’s M', -defenderM),
    part(roll.armour === undefined && defender?.armour.item ? `Armour (${defender.armour.item})` : 'Armour', -armour),
    part(`Level ${who.level} bonus`, strikeBonus(who.level)),
    ...(roll.backstab ? [part('Stab in the back', BACKSTAB_BONUS)] : []),
    ...dark,
    ...situationalParts(roll.situational),
  ]
  const input: StrikeInput = {
    weapon: (weapon?.weaponClass ?? 'limb') as WeaponClass,
    advanced: weapon?.advanced ?? false,
    attackerB: who.B,
    attackerLevel: who.level,
    defenderM,
    defenderArmour: armour,
    monstrousForm: who.monstrousForm,
    situational,
    backstab: roll.backstab,
  }
  return { what: 'strike', who, defender, weapon, parts, modifier: sum(parts), input }
}

async function planShot(tx: Tx, campaignId: number, roll: Extract<ParsedOsrRoll, { what: 'shot' }>, who: OsrFighter, unloaded: boolean): Promise<RollPlan> {
  const defender = roll.targetId === null ? null : await fighterIn(tx, roll.targetId, campaignId)
  const weapon = weaponOf(who, roll.weaponId)
  const launcher = roll.launcher ?? defaultLauncher(weapon)
  const firearm = roll.firearm === 1 ? undefined : (roll.firearm as 2 | 3)
  const accuracy = underRules('roll.launcher', () => accuracyFt(launcher === 'thrown' ? { launcher, throwerB: who.B } : { launcher, ...(firearm ? { firearm } : {}) }))
  const penalty = underRules('roll.distanceFt', () => rangePenalty({ distanceFt: roll.distanceFt, accuracyFt: accuracy }))
  const dark = darknessParts(await inDarkness(tx, campaignId, roll.darkness), who)
  // OSR-18: attacker M − ⌊distance / accuracy⌋.
  const parts = [part(`${who.name}’s M`, who.M), part(`Range (${roll.distanceFt} ft, accuracy ${accuracy} ft)`, -penalty), ...dark, ...situationalParts(roll.situational)]
  const input: ShotInput = {
    attackerM: who.M,
    attackerB: who.B,
    distanceFt: roll.distanceFt,
    accuracyFt: accuracy,
    weapon: (weapon?.weaponClass ?? 'limb') as WeaponClass,
    advanced: weapon?.advanced ?? false,
    situational: sum([...dark, ...situationalParts(roll.situational)]),
    loaded: !unloaded,
  }
  return { what: 'shot', who, defender, weapon, parts, modifier: sum(parts), input, penalty, reloads: roll.reloads }
}

/**
 * Works out a roll's parts before anything is thrown. `unloaded` says whether the shooter's weapon
 * waits to be reloaded (OSR-18), from the combat under way.
 * @example await planRoll(tx, 1, { what: 'check', characterId: 4, ability: 'B', situational: 0, activity: null, target: 10 }) // { modifier: -6, parts: [B −1, Darkness −5], … }
 */
export async function planRoll(tx: Tx, campaignId: number, roll: ParsedOsrRoll, unloaded = false): Promise<RollPlan> {
  if (roll.what === 'is-it-so') return { what: 'is-it-so' }
  const who = roll.characterId === null ? null : await fighterIn(tx, roll.characterId, campaignId)
  switch (roll.what) {
    case 'save':
      return { what: 'save', who, target: roll.target ?? who?.resistanceTarget ?? 15 }
    case 'check': {
      const options = (who?.options ?? []) as OptionName[]
      const aid = roll.activity === null ? 0 : optionBonus(options, roll.activity)
      const parts = [
        ...(roll.ability === 'none' || !who ? [] : [part(`${roll.ability}`, who[roll.ability])]),
        ...(aid === 0 ? [] : [part(roll.activity === 'finding something hidden' ? 'Heightened awareness' : 'Deft touch', aid)]),
        ...darknessParts(await inDarkness(tx, campaignId, roll.darkness), who),
        ...situationalParts(roll.situational),
      ]
      return { what: 'check', who, parts, modifier: sum(parts), target: roll.target }
    }
    case 'strike':
    case 'shot': {
      const attacker = who!
      // OSR-19: an incapacitated character acts again once H rises above 0; the dead take no more harm.
      if (attacker.h <= 0) throw refused(`${attacker.name} is incapacitated (H ${attacker.h}) and cannot act until H rises above 0 (OSR-19). Nothing was rolled.`, 'roll.characterId')
      if (roll.targetId !== null && (await fighterIn(tx, roll.targetId, campaignId)).maxH === 0) {
        throw refused('The target is dead (maximum H 0, OSR-19): choose another. Nothing was rolled.', 'roll.targetId')
      }
      return roll.what === 'strike' ? planStrike(tx, campaignId, roll, attacker) : planShot(tx, campaignId, roll, attacker, unloaded)
    }
    case 'cast': {
      const caster = who!
      const spell = spellDefinition(caster, roll.spellId)
      const scaled = underRules('roll.spellId', () => scaleSpellDefinition(spell, caster.level))
      // Decision: casting is a check (OSR-22) with the mind for spells and the spirit for invocations.
      const ability = spell.art === 'divine' ? 'S' : 'M'
      const parts = [part(ability, caster[ability]), ...darknessParts(await inDarkness(tx, campaignId, roll.darkness), caster), ...situationalParts(roll.situational)]
      return { what: 'cast', who: caster, parts, modifier: sum(parts), spell, scaled }
    }
  }
}

export { CHECK_TARGET }
