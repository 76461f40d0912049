/**
 * LODE-9: a character's Energy held against the supply on their sheet, said as the GM meant it:
 * "2 of 3" within the supply, "5 (3 over the supply of 2)" above it (only ever the GM's choice),
 * and the balance alone when the sheet sets no supply (0).
 */

export interface EnergyReading {
  /** The balance, then what it is held against: "2 of 3", "5 (3 over the supply of 2)", "4". */
  text: string
  /** The supply, or null when the sheet sets none. */
  supply: number | null
  /** How far over the supply the balance is; 0 within it. */
  over: number
}

/**
 * @example energyReading(2, 3) // { text: '2 of 3', supply: 3, over: 0 }
 * @example energyReading(5, 2) // { text: '5 (3 over the supply of 2)', supply: 2, over: 3 }
 * @example energyReading(4, 0) // { text: '4', supply: null, over: 0 }
 */
export function energyReading(balance: number, supply: number): EnergyReading {
  if (supply <= 0) return { text: String(balance), supply: null, over: 0 }
  if (balance <= supply) return { text: `${balance} of ${supply}`, supply, over: 0 }
  const over = balance - supply
  return { text: `${balance} (${over} over the supply of ${supply})`, supply, over }
}
