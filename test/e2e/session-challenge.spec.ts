/** One Challenge System session across the table's seams (see session-play.ts): a challenge in combat is the clock's fight (CLK-2, CH-9). */
import { test, expect } from './fixtures'
import { playSession, SHOTS } from './session-play'

test('a Challenge session: D stops at an encounter, the ghouls come into the set-up as a horde, two rounds agree with the clock, one End, an XP spend and an injury in the recap, six undone (an earn and the reason given after it among them) and two redone', async ({ page, lantern }) => {
  await playSession(page, lantern, {
    system: 'challenge',
    systemName: 'The Challenge System',
    campaign: 'Dragon Lair',
    sheet: { abilities: [{ name: 'Vanquish Monster', rating: 7, bonus: 0, reserves: 5, resistance: 0 }], reductions: [] },
    secrets: ['Bitten hand', 'rating 5', 'bonus 1'],
    ledger: [['xp', 3, 'three sessions']],
    spend: 'Spend 1 XP: Glam',
    earn: 'Earn 1 XP: Glam',
    spent: 'Glam spent 1 XP: bribed the gate guard.',
    async fight(page, bar) {
      const setup = page.getByRole('form', { name: 'Set up a challenge' })
      const opposition = setup.getByRole('group', { name: 'Opposition' })
      // What was met is the opposition: two ghouls, a horde (CH-9).
      await expect(opposition.getByLabel('Name')).toHaveValue('Ghouls')
      await setup.getByRole('group', { name: 'Challenger' }).getByLabel('Who').selectOption({ label: 'Glam' })
      await setup.getByRole('group', { name: 'Challenger' }).getByLabel('Ability').selectOption({ label: 'Vanquish Monster 7' })
      await opposition.getByLabel('Rating').fill('5')
      await opposition.getByLabel('Bonus', { exact: true }).fill('1')
      await setup.getByRole('button', { name: /^Start challenge/ }).click()
      await expect(page.getByRole('heading', { name: /^Glam vs Ghouls/ })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Play it out' })).toHaveCount(0)
      await page.getByRole('button', { name: /^Play combat round 1/ }).click()
      await expect(bar.getByTestId('clock-mode')).toHaveText(/^Combat · round 1 /)
      await page.getByTestId('clock-time').click()
      await page.keyboard.press('r')
      await expect(bar.getByTestId('clock-mode')).toHaveText(/^Combat · round 2 /)
      const history = page.getByRole('table', { name: 'Pools round by round' })
      await expect(history.getByRole('row')).toHaveCount(3)
      // CH-2, CH-9: 7 (reserves 5) against two goons of 5, bonus 1 (the horde's 1 + 2): 4 / 1 after round 1, 2 / −1 after round 2.
      await expect(history.getByRole('row').nth(2)).toHaveText(/2\s*2\s*[−-]1/)
      await expect(page.getByTestId('challenge-outcome')).toHaveText('Glam wins')
      // The ghouls, a side no character plays, are kept as an NPC with what one of them fought with (CH-1, CH-9).
      await page.getByRole('button', { name: 'Save Ghouls as NPC' }).click()
      await expect(page.getByText(/^Ghouls: kept as an NPC \(.*: rating 5, bonus 1, reserves 0, resistance 0\)$/)).toBeVisible()
      await page.screenshot({ path: 'test-results/shots-table2/challenge-kept-npc.png' })
      await page.screenshot({ path: `${SHOTS}/session-challenge.png` })
      await bar.getByRole('button', { name: 'End combat' }).click()
    },
    async injure(form) {
      await form.getByLabel('What').selectOption('other')
      await form.getByLabel('What it is').fill('Bitten hand')
      await form.getByRole('button', { name: 'Record injury' }).click()
      return 'Bitten hand'
    },
  })
})
