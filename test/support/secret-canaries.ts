/**
 * Canaries: a unique string planted in each GM-only field, and distinctive numbers for a hidden
 * foe's numbers, each remembered with the field it was planted in, so a leak says where it came
 * from. A text canary reads `ZQX-<system>-<field>-<n>-QXZ`; any "zqx" or "qxz" in what a player
 * receives is a leak, whole or cut. A number canary is three digits that never end in 0 or 5 (no
 * time in seconds, no distance in feet, no round count looks like one), searched for as a whole
 * number in the text players read.
 */
export interface Leak {
  /** The canary found, as found. */
  found: string
  /** The field it was planted in; '?' for a cut canary. */
  field: string
}

const TEXT = /zqx-[a-z0-9-]*?-qxz|zqx|qxz/gi

export class Canaries {
  private readonly texts = new Map<string, string>()
  private readonly numbers = new Map<number, string>()

  constructor(readonly system: string) {}

  /**
   * The text canary of a field, by a key that makes it the same in any library that plays the
   * same commands (the set-up's 's', a command's place in the run): `ZQX-osr-npc-foe-notes-s-QXZ`.
   */
  text(field: string, key: string | number): string {
    const canary = `ZQX-${this.system}-${field}-${key}-QXZ`
    this.texts.set(canary.toLowerCase(), field)
    return canary
  }

  /** Whether a text is (or holds) a canary: a name that must never be revealed. */
  static holds(text: string): boolean {
    return /zqx|qxz/i.test(text)
  }

  /**
   * The number canary of a slot (the set-up's 0 … 9, then 10 + a command's place in the run): 151,
   * 152, 153, 154, 156 … (never ending in 0 or 5, at most 199 so it can be an old-school H).
   */
  number(field: string, slot: number): number {
    const n = 151 + Math.floor(slot / 4) * 5 + (slot % 4)
    if (n > 199) throw new Error(`no number canary left for slot ${slot}`)
    this.numbers.set(n, field)
    return n
  }

  /** Remembers a number the GM's view shows for a hidden foe (its H after harm, its pool now), when it is distinctive enough. */
  learn(value: number, field: string): void {
    if (Number.isInteger(value) && value >= 100 && value % 5 !== 0 && !this.numbers.has(value)) this.numbers.set(value, field)
  }

  /** The text canaries in a text (whatever the case, whole or cut). */
  textsIn(text: string): Leak[] {
    return [...text.matchAll(TEXT)].map((m) => ({ found: m[0], field: this.texts.get(m[0].toLowerCase()) ?? '?' }))
  }

  /** The number canaries in texts players read, as whole numbers. */
  numbersIn(texts: readonly string[]): Leak[] {
    const leaks: Leak[] = []
    for (const t of texts) {
      for (const m of t.matchAll(/(?<![\d.,])\d{3,}(?![\d]|[.,]\d)/g)) {
        const field = this.numbers.get(Number(m[0]))
        if (field) leaks.push({ found: `${m[0]} in “${t.length > 160 ? `${t.slice(0, 160)}…` : t}”`, field })
      }
    }
    return leaks
  }
}

/** Every string in a JSON value, however deep (the texts a players' frame carries). */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out)
  return out
}
