/** LAD-26: the schools a magical asset may belong to. */

/** LAD-26: the ten schools of colour magic. */
export const MAGIC_COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'indigo', 'purple', 'brown', 'black', 'white'] as const
export type MagicColour = (typeof MAGIC_COLOURS)[number]

/** A magical asset's school: a colour, hedge magic, or a school of the GM's own. */
export type MagicSchool = MagicColour | 'hedge' | 'other'
