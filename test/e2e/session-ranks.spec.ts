/** One Resolution and Ranks session across the table's seams (see session-play.ts): the fight is a scene that follows the clock (CLK-2, RK-1). */
import { test, expect } from './fixtures'
import { playSession, SHOTS } from './session-play'

test('a Ranks session: D stops at an encounter, the ghouls and a typed foe with a rank fight two rounds with R, one End, an XP spend and an injury in the recap, six undone (an earn and the reason given after it among them) and two redone', async ({ page, lantern }) => {
  await playSession(page, lantern, {
    system: 'ranks',
    systemName: 'Resolution and Ranks',
    campaign: 'Ranks Town',
    secrets: ['Cult leader', 'Bitten hand'],
    ledger: [['xp', 3, 'three sessions']],
    spend: 'Spend 1 XP: Glam',
    earn: 'Earn 1 XP: Glam',
    spent: 'Glam spent 1 XP: bribed the gate guard.',
    trackerRound: (page) => page.getByRole('region', { name: 'Combat' }).getByRole('heading', { name: /^Combat · round/ }),
    async fight(page, bar) {
      const combat = page.getByRole('region', { name: 'Combat' })
      await expect(combat.getByRole('heading', { name: 'Combat · round 0' })).toBeVisible()
      const foes = combat.getByRole('list', { name: 'Foes' })
      await expect(foes).toContainText('Ghouls 1Fair')
      const typed = combat.getByRole('form', { name: 'Type a foe into the fight' })
      await typed.getByLabel('Foe').fill('Cult leader')
      await typed.getByLabel('Rank').selectOption('great')
      await typed.getByRole('button', { name: 'Add foe' }).click()
      await expect(foes.getByRole('listitem').filter({ hasText: 'Cult leader' })).toContainText('Great')
      await page.getByTestId('clock-time').click()
      for (const round of [1, 2]) {
        await page.keyboard.press('r')
        await expect(bar.getByTestId('clock-mode')).toHaveText(new RegExp(`^Combat · round ${round} `))
        await expect(combat.getByRole('heading', { name: `Combat · round ${round}` })).toBeVisible()
      }
      await page.screenshot({ path: `${SHOTS}/session-ranks.png` })
      await combat.getByRole('button', { name: 'End combat' }).click()
      await expect(combat).toHaveCount(0)
    },
    async injure(form) {
      await form.getByLabel('What').selectOption('other')
      await form.getByLabel('What it is').fill('Bitten hand')
      await form.getByRole('button', { name: 'Record injury' }).click()
      return 'Bitten hand'
    },
  })
})
