/**
 * What the GM calls each field of the API's inputs: a refusal names a field by its label
 * ("Quantity: must be at most 1,000,000"), never by its key (`quantity`, `details.weaponClass`,
 * `after.minutes`). The router's messages and the services that check a part of an input
 * themselves (an item's details, a setting's value) word their refusals through `describeProblems`.
 */
import { FIELD_LABELS as WORDS, ITEM_WORDS as ITEMS, METHOD_LABELS as METHODS } from './field-label-words'
import { JOURNEY_FIELDS, JOURNEY_ITEMS, JOURNEY_LABELS } from './journey.labels'

const METHOD_LABELS = { ...METHODS, ...JOURNEY_LABELS }
const ITEM_WORDS: Readonly<Record<string, string>> = { ...ITEMS, ...JOURNEY_ITEMS }

/** Every key of every method's input, by the words on the screens. */
export const FIELD_LABELS: Readonly<Record<string, string>> = { ...JOURNEY_FIELDS, ...WORDS }

/** Parts of an input that add nothing a GM reads: `details.weaponClass` is the weapon class. */
const TRANSPARENT = new Set(['details', 'roll', 'input'])

/** A span's unit under what it is for: `after.minutes` is "Fires after (minutes)". */
const SPAN_UNITS = new Set(['turns', 'rounds', 'minutes', 'hours', 'days'])
const SPANS = new Set(['after', 'span', 'within'])

const isIndex = (segment: string): boolean => /^\d+$/.test(segment)
/** "Who came" → "who came"; "GM notes" stays. */
const lowerFirst = (words: string): string => (/^[A-Z][A-Z]/.test(words) ? words : words.charAt(0).toLowerCase() + words.slice(1))

/** A key no list names, spelled out: `weaponClass` → "Weapon class" (so no key ever reaches a GM). */
function spelledOut(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[._-]+/g, ' ').toLowerCase().trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function labelOfKey(key: string, method?: string): string {
  return (method && METHOD_LABELS[method]?.[key]) || FIELD_LABELS[key] || spelledOut(key)
}

/**
 * The label of a field, from its path in the input ("" or "input" is the input as a whole).
 * @example fieldLabel('quantity') // 'Quantity'
 * @example fieldLabel('details.weaponClass') // 'Weapon class'
 * @example fieldLabel('after.minutes') // 'Fires after (minutes)'
 * @example fieldLabel('rows.2.max') // 'Highest roll (row 3)'
 */
export function fieldLabel(field: string | readonly PropertyKey[], method?: string): string {
  const path = (typeof field === 'string' ? field.split('.') : field.map(String)).filter((s) => s !== '' && s !== 'input')
  let leaf = -1
  for (let i = path.length - 1; i >= 0; i--) {
    if (!isIndex(path[i]!) && !(TRANSPARENT.has(path[i]!) && i < path.length - 1)) {
      leaf = i
      break
    }
  }
  if (leaf === -1) return ''
  const key = path[leaf]!
  const parent = path[leaf - 1]
  let label = parent !== undefined && SPANS.has(parent) && SPAN_UNITS.has(key) ? `${labelOfKey(parent)} (${key})` : labelOfKey(key, method)
  const where: string[] = []
  path.forEach((segment, i) => {
    if (isIndex(segment)) {
      const list = path[i - 1] ?? ''
      where.push(`${ITEM_WORDS[list] ?? 'entry'} ${Number(segment) + 1}`)
    } else if (i < leaf && !TRANSPARENT.has(segment) && !SPANS.has(segment) && !isIndex(path[i + 1] ?? '')) {
      where.push(lowerFirst(labelOfKey(segment, method)))
    }
  })
  if (where.length > 0) label += ` (${where.join(', ')})`
  return label
}

/**
 * Problems by field, as one run of text a GM reads: each field's label and its problem.
 * @example describeProblems([{ field: 'quantity', problem: 'must be 0 or more' }]) // 'Quantity: must be 0 or more'
 */
export function describeProblems(details: readonly { field: string; problem: string }[], method?: string): string {
  return details
    .map((d) => {
      const label = fieldLabel(d.field, method)
      return label ? `${label}: ${d.problem}` : d.problem.charAt(0).toUpperCase() + d.problem.slice(1)
    })
    .join('; ')
}
