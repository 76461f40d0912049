/**
 * A game word as it starts a sentence: 'hurt' → 'Hurt'.
 * @example capitalised('concession') // 'Concession'
 */
export function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
