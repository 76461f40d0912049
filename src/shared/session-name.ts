/**
 * A session's title without a leading "Session 12" of its own ("Session 12: The Crypt" on session 12
 * is "The Crypt"; "Session 12" alone is ''), so it is never said twice beside the session's number.
 * @example bareTitle(12, 'Session 12 – The Crypt') // 'The Crypt'
 */
export function bareTitle(number: number, title: string | null | undefined): string {
  return (title ?? '')
    .trim()
    .replace(new RegExp(`^session\\s+0*${number}\\b\\s*[:–—-]?\\s*`, 'i'), '')
    .trim()
}

/**
 * What a session is called: "Session 12", and its title after it when the title says more than
 * that (`bareTitle`).
 * @example sessionName(12, 'The Drowned Crypt') // 'Session 12: The Drowned Crypt'
 * @example sessionName(150, 'Session 150') // 'Session 150'
 */
export function sessionName(number: number, title: string | null | undefined): string {
  const own = bareTitle(number, title)
  return own ? `Session ${number}: ${own}` : `Session ${number}`
}
