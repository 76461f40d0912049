/**
 * A sheet check names every field by the label the sheet editor shows ("Maximum H: must be at
 * least 0."), never by its key (`maxH`, `energySupply`, `assets.1.rating`): this walks every field of
 * every system's sheet shape, gives it values that cannot be, and reads each message.
 */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { FIELD_LABELS, METHOD_LABELS } from '../../../src/shared/api/field-label-words'
import { SHEET_SHAPES } from '../../../src/shared/api/sheets'
import { SYSTEM_IDS } from '../../../src/shared/systems'
import { check } from './helpers'

interface Field {
  path: (string | number)[]
  type: string
}

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** Every field of a shape, lists and their entries included, with its path into the sheet. */
function fieldsOf(schema: z.ZodType, path: (string | number)[] = []): Field[] {
  const def = defOf(schema)
  if (def.type === 'default' || def.type === 'nullable' || def.type === 'optional') return fieldsOf(def.innerType!, path)
  if (def.type === 'object') return Object.entries(def.shape!).flatMap(([key, inner]) => fieldsOf(inner, [...path, key]))
  if (def.type === 'array') return [{ path, type: 'array' }, ...fieldsOf(def.element!, [...path, 0])]
  return [{ path, type: def.type }]
}

/** Values a field of this type cannot take: the wrong kind of value, and one past its limits. */
const BAD: Record<string, unknown[]> = {
  string: [42, 'x'.repeat(5000)],
  number: ['many', 1.5, 1e9, -1e9],
  boolean: ['yes'],
  enum: ['nonsense'],
  array: ['x', Array.from({ length: 500 }, () => null)],
}

/** A sheet with `value` at `path`: objects and one-entry lists on the way there. */
function sheetWith(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  return typeof head === 'number' ? [sheetWith(rest, value)] : { [head!]: sheetWith(rest, value) }
}

const SHEET_LABELS = METHOD_LABELS.sheet!

describe('sheet check messages name fields by their labels', () => {
  for (const system of SYSTEM_IDS) {
    it(`${system}: every field's message reads its label, never its key`, () => {
      const fields = fieldsOf(SHEET_SHAPES[system])
      expect(fields.length).toBeGreaterThan(3)
      for (const field of fields) {
        const keys = field.path.filter((p): p is string => typeof p === 'string')
        // Every key on the way has a label of its own, not one spelled out from the key.
        for (const key of keys) expect(SHEET_LABELS[key] ?? FIELD_LABELS[key], `${system} ${field.path.join('.')}: a label for “${key}”`).toBeTruthy()
        for (const value of BAD[field.type] ?? []) {
          const result = check(system, sheetWith(field.path, value))
          const where = `${system} ${field.path.join('.')} = ${JSON.stringify(value)?.slice(0, 20)}`
          expect(result.fields.length, where).toBeGreaterThan(0)
          expect(result.problems.length, where).toBe(result.fields.length)
          for (const message of result.problems) {
            const label = message.slice(0, message.indexOf(': '))
            expect(label, `${where}: “${message}” opens with a label`).toMatch(/^[A-Z]/)
            // No key: no camelCase, no dotted path, no list entry without its name.
            expect(label, `${where}: “${message}”`).not.toMatch(/[a-z][A-Z]|\.|\bentry\b/)
            for (const key of keys.filter((k) => /[A-Z]/.test(k.slice(1)))) expect(message, where).not.toContain(key)
          }
        }
      }
    })
  }

  it('reads as the sheet editors name the fields', () => {
    expect(check('osr', { maxH: -1 }).problems).toEqual(['Maximum H: must be at least 0.'])
    expect(check('lode', { energySupply: 'lots' }).problems).toEqual(['Energy supply: must be a number.'])
    expect(check('ladder', { assets: [{ name: 'Running', rating: 'good' }, { name: 'Menace', rating: 'legendary' }] }).problems).toEqual([
      'Rating (asset 2): must be one of poor, good, expert, superb, unprecedented (LAD-1).',
    ])
    expect(check('ladder', { allies: [{ name: 'Ada', concept: 'Fence', howMet: 7 }] }).problems).toEqual(['How they met (ally 1): must be text.'])
    expect(check('ranks', { harm: { weary: 'very' } }).problems).toEqual(['Weary (harm): must be yes or no.'])
    expect(check('challenge', { reductions: [{ scope: 'ability', from: 'rating', points: 0 }] }).problems).toEqual(['Points (reduction 1): must be at least 1.'])
  })
})
