/**
 * A journey's length in words, as the GM and the players read it: "1 mile", "0.5 miles", "12 km".
 * @example distanceWords(1, 'miles') // '1 mile'
 */
export function distanceWords(length: number, unit: string): string {
  return unit === 'km' ? `${length} km` : `${length} ${length === 1 ? 'mile' : 'miles'}`
}
