/**
 * fast-check arbitraries from the contract's Zod 4 schemas: inputs that pass the schema, inputs
 * one step off it (a bound crossed, a key missing or added, a wrong type) and hostile ones (huge
 * strings, NaN, ±Infinity, `__proto__`, deep nesting). zod-fast-check, the library that did this,
 * supports Zod 3 and fast-check 3 only; this reads Zod 4's schema definitions (`_zod.def`).
 */
import fc from 'fast-check'
import type { z } from 'zod'

type Schema = z.core.$ZodType

interface Check {
  check: string
  value?: number
  inclusive?: boolean
  minimum?: number
  maximum?: number
  length?: number
  format?: string
  pattern?: RegExp
}

/** The parts of a Zod 4 definition this file reads. */
interface Def {
  type: string
  checks?: { _zod: { def: Check } }[]
  shape?: Record<string, Schema>
  catchall?: Schema
  element?: Schema
  innerType?: Schema
  options?: Schema[]
  keyType?: Schema
  valueType?: Schema
  in?: Schema
  entries?: Record<string, string | number>
  values?: unknown[]
}

const defOf = (s: Schema): Def => s._zod.def as unknown as Def
const checksOf = (s: Schema): Check[] => (defOf(s).checks ?? []).map((c) => c._zod.def)

/** Picks the arbitrary for a field by its key (real ids of the library), or leaves it to the schema. */
export type FieldHook = (key: string, schema: Schema) => fc.Arbitrary<unknown> | undefined

/** Whether a key may be left out of an object (optional, or with a default). */
export function isOptional(s: Schema): boolean {
  return (s._zod as { optin?: string }).optin === 'optional'
}

/** The schema under optional, nullable, default and the like. */
export function unwrap(s: Schema): Schema {
  let cur = s
  for (;;) {
    const d = defOf(cur)
    if (d.innerType && ['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'].includes(d.type)) cur = d.innerType
    else if (d.type === 'pipe' && d.in) cur = d.in
    else return cur
  }
}

interface Bounds {
  min: number
  max: number
  int: boolean
}

function numberBounds(s: Schema): Bounds {
  let min = -Number.MAX_VALUE
  let max = Number.MAX_VALUE
  let int = false
  for (const c of checksOf(s)) {
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) int = true
    if (c.check === 'greater_than' && c.value !== undefined) min = Math.max(min, c.inclusive ? c.value : c.value + (int ? 1 : Number.EPSILON))
    if (c.check === 'less_than' && c.value !== undefined) max = Math.min(max, c.inclusive ? c.value : c.value - (int ? 1 : Number.EPSILON))
  }
  if (int) {
    min = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER)
    max = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER)
  }
  return { min, max, int }
}

function lengthBounds(s: Schema): { min: number; max: number } {
  let min = 0
  let max = Infinity
  for (const c of checksOf(s)) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = Math.max(min, c.minimum)
    if (c.check === 'max_length' && c.maximum !== undefined) max = Math.min(max, c.maximum)
    if (c.check === 'length_equals' && c.length !== undefined) min = max = c.length
  }
  return { min, max }
}

/** Words a GM types: names, abilities and rungs of the seeded sheets, dice, and a few awkward ones. */
const words = fc.constantFrom('Glam', 'Hero', 'the Sunken Keep', 'torch', 'Moss', 'a', 'Ferocity', 'Courage', 'Sorcery', 'Piloting', 'Swordfighting', 'good', 'expert', 'ration', '1d6', '2d6', '1d20', 'Day 2', 'Brigands', 'ÆØÅ ünïcødé', '🐉 dragon', "O'Hara", '<b>bold</b>', '  padded  ')

function validString(s: Schema): fc.Arbitrary<string> {
  const regex = checksOf(s).find((c) => c.check === 'string_format' && c.pattern)?.pattern
  if (regex) return fc.stringMatching(regex)
  const { min, max } = lengthBounds(s)
  const top = Math.min(max, min + 24)
  const text = fc.oneof(
    { weight: 3, arbitrary: words.filter((w) => w.trim().length >= min && w.length <= max) },
    { weight: 2, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(top, Math.max(min, 1)), unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: Math.max(top, min), unit: 'grapheme' }) },
  )
  return Number.isFinite(max) && max < 100_000 ? fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: fc.constant('y'.repeat(max)) }) : text
}

function validNumber(s: Schema): fc.Arbitrary<number> {
  const { min, max, int } = numberBounds(s)
  const lo = Math.max(min, -1000)
  const hi = Math.min(max, 1000)
  const near = lo <= hi ? (int ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true })) : fc.constant(min)
  const edges = [min, max].filter((n) => Math.abs(n) < Number.MAX_VALUE)
  return edges.length > 0 ? fc.oneof({ weight: 6, arbitrary: near }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : near
}

/**
 * Values the schema takes: each key from `hook` when it answers, otherwise from its schema.
 * @example fc.sample(validOf(contract['ledger.earn'].input), 1)
 */
export function validOf(schema: Schema, hook: FieldHook = () => undefined, key = ''): fc.Arbitrary<unknown> {
  const hooked = key ? hook(key, schema) : undefined
  if (hooked) return hooked
  const d = defOf(schema)
  switch (d.type) {
    case 'string':
      return validString(schema)
    case 'number':
      return validNumber(schema)
    case 'boolean':
      return fc.boolean()
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries!))
    case 'literal':
      return fc.constantFrom(...d.values!)
    case 'null':
      return fc.constant(null)
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validOf(d.innerType!, hook, key), { nil: undefined, freq: 3 })
    case 'nullable':
      return fc.option(validOf(d.innerType!, hook, key), { nil: null, freq: 3 })
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return validOf(d.innerType!, hook, key)
    case 'pipe':
      return validOf(d.in!, hook, key)
    case 'object': {
      const shape = d.shape!
      const model = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validOf(v, hook, k)]))
      const requiredKeys = Object.keys(shape).filter((k) => !isOptional(shape[k]!))
      return fc.record(model, { requiredKeys })
    }
    case 'array': {
      const { min, max } = lengthBounds(schema)
      return fc.array(validOf(d.element!, hook, key), { minLength: min, maxLength: Math.max(min, Math.min(max, min + 4)) })
    }
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' }), validOf(d.valueType!, hook), { maxKeys: 4 })
    case 'union':
      return fc.oneof(...d.options!.map((o) => validOf(o, hook, key)))
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 })
    default:
      return fc.constant(undefined)
  }
}

/** A huge string: far past any limit, and as large as a WebSocket message may be. */
export const HUGE = 'A'.repeat(300_000)

/** An object whose own key is `__proto__` (as JSON.parse makes it), and one that shadows Object's own names. */
export const PROTO = (): unknown => JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')

/** Arrays nested `depth` deep. */
export function nested(depth: number): unknown {
  let v: unknown = 1
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

/** Values no field takes, and some that break careless code. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(NaN, Infinity, -Infinity, -0, -1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 1e308 * 10),
  fc.constantFrom<unknown>(HUGE, '', ' ', '\u0000', '\uD800', '%s%n', "'; drop table campaign; --", '../../etc/passwd', '__proto__', 'constructor', 'toString'),
  fc.constantFrom<unknown>(null, true, [], {}, [null], { length: 1e9 }),
  fc.constant(null).map(PROTO),
  fc.constantFrom(50, 5_000, 50_000).map(nested),
  fc.constant(null).map(() => Array.from({ length: 20_000 }, (_, i) => i)),
  fc.constant(null).map(() => Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))),
)

/** Values one step outside what a schema takes: a bound crossed, the wrong type, an enum misspelt. */
function edgeOf(schema: Schema, hook: FieldHook, key: string): fc.Arbitrary<unknown> {
  const inner = unwrap(schema)
  const d = defOf(inner)
  const wrongType = fc.constantFrom<unknown>(null, '1', 1, true, [], {})
  const fromHook = key ? hook(`~${key}`, inner) : undefined
  switch (d.type) {
    case 'number': {
      const { min, max, int } = numberBounds(inner)
      const out = [min - 1, max + 1, NaN, Infinity, -Infinity].filter((n) => Number.isNaN(n) || !Number.isFinite(n) || Math.abs(n) < Number.MAX_SAFE_INTEGER)
      if (int) out.push(0.5, min + 0.5)
      return fc.oneof(fc.constantFrom(...out), wrongType, ...(fromHook ? [fromHook] : []))
    }
    case 'string': {
      const { min, max } = lengthBounds(inner)
      const out: unknown[] = ['', '   ', '\u0000', 'é'.repeat(Math.min(max, 1000))]
      if (Number.isFinite(max)) out.push('z'.repeat(max + 1))
      if (min > 1) out.push('z'.repeat(min - 1))
      return fc.oneof(fc.constantFrom(...out), wrongType)
    }
    case 'enum': {
      const first = String(Object.values(d.entries!)[0])
      return fc.oneof(fc.constantFrom<unknown>('nope', first.toUpperCase(), ` ${first}`, ''), wrongType)
    }
    case 'literal':
      return fc.oneof(fc.constantFrom<unknown>('nope', ''), wrongType)
    case 'boolean':
      return fc.constantFrom<unknown>('true', 1, 0, null, 'yes')
    case 'array': {
      const { min, max } = lengthBounds(inner)
      const out: fc.Arbitrary<unknown>[] = [wrongType, fc.constant([null]), fc.array(edgeOf(d.element!, hook, key), { minLength: 1, maxLength: 3 })]
      if (Number.isFinite(max)) out.push(fc.array(validOf(d.element!, hook, key), { minLength: max + 1, maxLength: max + 1 }))
      if (min > 0) out.push(fc.constant([]))
      return fc.oneof(...out)
    }
    case 'object':
      return fc.oneof(wrongType, nearValidOf(inner, hook))
    default:
      return wrongType
  }
}

/**
 * Inputs one step off the schema: one field (at any depth) out of bounds or of the wrong type, a
 * required key missing, or a key the schema does not take.
 */
export function nearValidOf(schema: Schema, hook: FieldHook = () => undefined): fc.Arbitrary<unknown> {
  const inner = unwrap(schema)
  const d = defOf(inner)
  if (d.type === 'union') return fc.oneof(...d.options!.map((o) => nearValidOf(o, hook)))
  if (d.type !== 'object') return edgeOf(inner, hook, '')
  const shape = d.shape!
  const keys = Object.keys(shape)
  const base = validOf(inner, hook) as fc.Arbitrary<Record<string, unknown>>
  const variants: fc.Arbitrary<unknown>[] = [
    base.map((v) => ({ ...v, unexpectedField: 'x' })),
  ]
  const required = keys.filter((k) => !isOptional(shape[k]!))
  if (required.length > 0) {
    variants.push(fc.tuple(base, fc.constantFrom(...required)).map(([v, k]) => Object.fromEntries(Object.entries(v).filter(([key]) => key !== k))))
  }
  for (const k of keys) {
    const child = unwrap(shape[k]!)
    const off = defOf(child).type === 'object' ? fc.oneof(edgeOf(child, hook, k), nearValidOf(child, hook)) : edgeOf(shape[k]!, hook, k)
    variants.push(fc.tuple(base, off).map(([v, bad]) => ({ ...v, [k]: bad })))
  }
  return fc.oneof(...variants)
}

/** Inputs with one field (at the top or one level down) replaced by a hostile value, or hostile as a whole. */
export function hostileOf(schema: Schema, hook: FieldHook = () => undefined): fc.Arbitrary<unknown> {
  const inner = unwrap(schema)
  const d = defOf(inner)
  const whole = hostileValue
  if (d.type !== 'object') return whole
  const shape = d.shape!
  const keys = Object.keys(shape)
  const base = validOf(inner, hook) as fc.Arbitrary<Record<string, unknown>>
  if (keys.length === 0) return fc.oneof(whole, hostileValue.map((h) => ({ x: h })))
  return fc.oneof(
    { weight: 1, arbitrary: whole },
    { weight: 1, arbitrary: fc.tuple(base, hostileValue).map(([v, h]) => ({ ...v, ...(PROTO() as object), extra: h })) },
    { weight: 4, arbitrary: fc.tuple(base, fc.constantFrom(...keys), hostileValue).map(([v, k, h]) => ({ ...v, [k]: h })) },
  )
}
