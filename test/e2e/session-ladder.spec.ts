/** One Ladder session across the table's seams (see session-play.ts): the fight is the clock's (CLK-2, LAD-12). */
import { test, expect } from './fixtures'
import { playSession, SHOTS } from './session-play'

test('a Ladder session: D stops at an encounter, the ghouls met and a typed foe kept as an NPC fight two rounds with R, one End, a Plot Point spend and a wound in the recap, six undone (an earn and the reason given after it among them) and two redone', async ({ page, lantern }) => {
  await playSession(page, lantern, {
    system: 'ladder',
    systemName: 'The Ladder',
    campaign: 'Clockwork City',
    sheet: { concept: 'thief', assets: [{ name: 'Knife fighting', rating: 'expert', school: null }] },
    secrets: ['Ghoul king'],
    ledger: [['pp', 2, 'an episode']],
    spend: 'Spend 1 Plot Point: Glam',
    earn: 'Earn 1 Plot Point: Glam',
    spent: 'Glam spent 1 Plot Point: bribed the gate guard.',
    async fight(page, bar, player) {
      await page.getByRole('tab', { name: /^Combat/ }).click()
      const setup = page.getByRole('form', { name: 'Start a combat' })
      await expect(setup.getByRole('textbox').and(setup.locator('[value="Ghouls 2"]'))).toHaveCount(1)
      // The new combatant's name has the keyboard, typed over.
      await setup.getByRole('button', { name: 'Add combatant' }).click()
      await expect(setup.getByLabel('Combatant 4: name')).toBeFocused()
      await page.keyboard.type('Ghoul king')
      await expect(setup.getByLabel('Combatant 4: name')).toHaveValue('Ghoul king')
      await setup.getByRole('button', { name: 'Start the fight' }).click()
      await expect(page.getByText(/Round 0 · the clock’s round/)).toBeVisible()
      await page.getByTestId('clock-time').click()
      for (const round of [1, 2]) {
        await page.keyboard.press('r')
        await expect(bar.getByTestId('clock-mode')).toHaveText(new RegExp(`^Combat · round ${round} `))
        await expect(page.getByText(new RegExp(`Round ${round} · the clock’s round`))).toBeVisible()
      }
      // The typed foe is kept as an NPC, and fights on in the same fight as that NPC.
      const king = page.getByRole('list', { name: 'Combatants' }).getByRole('listitem').filter({ hasText: 'Ghoul king' })
      await king.getByRole('button', { name: 'Save as NPC' }).click()
      await expect(king.getByRole('button', { name: 'Save as NPC' })).toHaveCount(0)
      await expect(king).toContainText('NPC of the campaign')
      await king.scrollIntoViewIfNeeded()
      await page.screenshot({ path: 'test-results/shots-table2/ladder-kept-npc.png' })
      // The players' list of combatants: the party by name, under one heading (the foes are not revealed).
      const players = player.getByTestId('players-combat')
      await expect(players.getByTestId('players-fighter')).toHaveText([/^Glam/])
      expect((await players.innerText()).match(/Combatants/gi)).toHaveLength(1)
      await page.getByRole('heading', { name: /Fight/ }).first().scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/session-ladder.png` })
      await page.getByRole('button', { name: 'End the fight' }).click()
    },
    async injure(form) {
      await form.getByLabel('Damage').selectOption('wounded')
      await form.getByLabel('Location').selectOption('arm')
      await form.getByRole('button', { name: 'Record injury' }).click()
      return 'Wounded · arm'
    },
  })
})
