/** The names a recap's file takes: for a download, and for a note in a vault. */
import type { RecapVariant } from '../../../shared/recap/markdown'
import { bareTitle } from '../../../shared/session-name'

/** Lower-case words joined by hyphens, accents off. */
function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'campaign'
  )
}

export function filenameFor(input: { campaign: { name: string }; session: { number: number; title: string } }, variant: RecapVariant): string {
  const n = String(input.session.number).padStart(2, '0')
  return `${slug(input.campaign.name)}-session-${n}${input.session.title ? `-${slug(input.session.title)}` : ''}-${variant === 'gm' ? 'gm' : 'players'}.md`
}

/**
 * "Session 03 – The Crypt.md": the note's name in a vault. Characters no file name may hold on
 * Windows, macOS or Linux (and Obsidian's link characters) are left out.
 * @example folderFilenameFor({ session: { number: 3, title: 'The Crypt: part 1' }, … }) // 'Session 03 – The Crypt part 1.md'
 */
export function folderFilenameFor(input: { session: { number: number; title: string } }): string {
  const n = String(input.session.number).padStart(2, '0')
  const title = bareTitle(input.session.number, input.session.title)
    .replace(/[\u0000-\u001f<>:"/\\|?*[\]#^]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[. ]+$/, '')
    .trim()
    .slice(0, 120)
  return `Session ${n}${title ? ` – ${title}` : ''}.md`
}
