/** One old-school session across the table's seams (see session-play.ts): OSR-14's tracker follows the clock. */
import { test, expect } from './fixtures'
import { playSession, SHOTS } from './session-play'

test('an old-school session: D stops at an encounter, its ghouls and a typed foe fight two rounds with R, one End, a spend and a broken arm in the recap, six undone (an earn and the reason given after it among them) and two redone', async ({ page, lantern }) => {
  await playSession(page, lantern, {
    system: 'osr',
    systemName: 'Old-school core',
    campaign: 'Brigand Hills',
    sheet: { level: 1, B: 0, M: 0, S: 0, h: 5, maxH: 5 },
    secrets: ['Ghoul king'],
    ledger: [['gold', 20, 'starting gold']],
    spend: 'Spend 1 GP: Glam',
    earn: 'Earn 1 XP: Glam',
    spent: 'Glam spent 1 GP: bribed the gate guard.',
    trackerRound: (page) => page.getByRole('region', { name: 'Combat' }).getByRole('heading', { name: /^Combat · round/ }),
    async fight(page, bar) {
      const combat = page.getByRole('region', { name: 'Combat' })
      await expect(combat.getByRole('heading', { name: 'Combat · round 0' })).toBeVisible()
      await expect(combat.getByRole('listitem', { name: 'Ghouls 1' })).toBeVisible()
      await expect(combat.getByRole('listitem', { name: 'Ghouls 2' })).toBeVisible()
      await combat.getByText('Type a foe').click()
      const typed = combat.getByRole('form', { name: 'Type a foe into the fight' })
      await typed.getByLabel('Foe').fill('Ghoul king')
      await typed.getByLabel('H', { exact: true }).fill('9')
      await typed.getByRole('button', { name: 'Add foe' }).click()
      await expect(combat.getByRole('listitem', { name: 'Ghoul king' })).toContainText('9/9 H')
      await page.getByTestId('clock-time').click()
      for (const round of [1, 2]) {
        await page.keyboard.press('r')
        await expect(bar.getByTestId('clock-mode')).toHaveText(`Combat · round ${round} (5 s)`)
        await expect(combat.getByRole('heading', { name: `Combat · round ${round}` })).toBeVisible()
      }
      await combat.getByRole('heading', { name: 'Combat · round 2' }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/session-osr.png` })
      await combat.getByRole('button', { name: 'End combat' }).click()
      await expect(combat.getByRole('form', { name: 'Start a combat' })).toBeVisible()
    },
    async injure(form) {
      await form.getByLabel('What').selectOption('osr.limb')
      await form.getByLabel('Limb or organ').fill('left arm')
      await form.getByLabel('Limb or organ').press('Enter')
      return 'Broken left arm'
    },
  })
})
