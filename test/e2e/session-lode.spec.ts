/** One LODE session across the table's seams (see session-play.ts): the fight is a scene that follows the clock (CLK-2, LODE-11). */
import { test, expect } from './fixtures'
import { playSession, SHOTS } from './session-play'

test('a LODE session: D stops at an encounter, the ghouls and a typed foe at Base Dice fight two rounds with R, one End, a Destiny spend and an injury in the recap, six undone (an earn and the reason given after it among them) and two redone', async ({ page, lantern }) => {
  await playSession(page, lantern, {
    system: 'lode',
    systemName: 'LODE',
    campaign: 'Lode Deep',
    secrets: ['Rust golem', 'Base Dice', 'Bitten hand'],
    ledger: [['destiny', 2, 'starting Destiny']],
    spend: 'Spend 1 Destiny point: Glam',
    earn: 'Earn 1 Destiny point: Glam',
    spent: 'Glam spent 1 Destiny point: bribed the gate guard.',
    trackerRound: (page) => page.getByRole('region', { name: 'Combat' }).getByRole('heading', { name: /^Combat · round/ }),
    async fight(page, bar) {
      const combat = page.getByRole('region', { name: 'Combat' })
      await expect(combat.getByRole('heading', { name: 'Combat · round 0' })).toBeVisible()
      const foes = combat.getByRole('list', { name: 'Foes' })
      await expect(foes).toContainText('Ghouls 1Base Dice 2')
      await expect(foes).toContainText('Ghouls 2Base Dice 2')
      // LODE-11: the fight is a scene of its own.
      await expect(page.getByLabel('Scene')).toContainText('Scene 2')
      const typed = combat.getByRole('form', { name: 'Type a foe into the fight' })
      await typed.getByLabel('Foe').fill('Rust golem')
      await typed.getByLabel('Base Dice').fill('3')
      await typed.getByRole('button', { name: 'Add foe' }).click()
      const golem = foes.getByRole('listitem').filter({ hasText: 'Rust golem' })
      await expect(golem).toContainText('Base Dice 3')
      await golem.getByRole('button', { name: 'Save as NPC' }).click()
      await expect(golem).toContainText('NPC')
      await expect(golem.getByRole('button', { name: 'Save as NPC' })).toHaveCount(0)
      // LODE-7: the golem is the opposed roll's opponent at its Base Dice.
      await golem.getByRole('button', { name: 'Oppose' }).click()
      await expect(page.getByRole('tab', { name: 'Opposed' })).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('tabpanel').getByLabel('Name of this side').last()).toHaveValue('Rust golem')
      await page.getByTestId('clock-time').click()
      for (const round of [1, 2]) {
        await page.keyboard.press('r')
        await expect(bar.getByTestId('clock-mode')).toHaveText(new RegExp(`^Combat · round ${round} `))
        await expect(combat.getByRole('heading', { name: `Combat · round ${round}` })).toBeVisible()
      }
      await page.screenshot({ path: `${SHOTS}/session-lode.png` })
      await combat.getByRole('button', { name: 'End combat' }).click()
      await expect(combat).toHaveCount(0)
      await expect(page.getByLabel('Scene')).toContainText('Scene 3')
    },
    async injure(form) {
      await form.getByLabel('What it is').fill('Bitten hand')
      await form.getByRole('button', { name: 'Record injury' }).click()
      return 'Bitten hand'
    },
  })
})
