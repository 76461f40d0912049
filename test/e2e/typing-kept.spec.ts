/**
 * What the GM types in a field is kept while the answer to the field before it comes in: the GM
 * edits one field, moves on to the next and types, and the first field's save answers (and the
 * page draws itself again) before the GM leaves the second. The answer is held back in the page's
 * socket until the second field is typed in, so the order is the same on any machine. And a
 * character's sheet read late, after the GM has gone on to another character, fills nothing.
 */
import BetterSqlite3 from 'better-sqlite3'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, holdAnswers, openSection } from './support'

test('Locations: a description typed while the new name is being saved is kept, and saved when the GM leaves it', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'location.update')
  const id = await createCampaign(page, lantern, 'Blackmoor', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("insert into location (campaign_id, name, kind, description, created_at, updated_at) values (?, 'Old mill', 'open', 'A mill.', 't', 't')").run(id)
  db.close()
  await page.reload()
  await openSection(page, 'Locations')
  await page.getByRole('list', { name: 'Places' }).getByRole('button', { name: 'Old mill' }).click()
  // The place's section is named by its name, which changes under the test as the new name comes
  // back (by the save's answer, or sooner by the reload another change's event starts).
  const mill = page.getByRole('region', { name: /^Location: / })

  answers.hold()
  await mill.getByLabel('Name').fill('The old mill')
  // On to the description: leaving the name saves it.
  await mill.getByLabel('Description').click()
  await expect.poll(() => answers.held()).toBe(1)
  await mill.getByLabel('Description').fill('A mill on the Blackmoor, its wheel still turning at night.')
  answers.release()
  // The name's save answers and the page draws the place anew, the description still being typed.
  await expect(page.getByRole('status')).toHaveText('Saved “The old mill”.')
  await expect(mill).toHaveAccessibleName('Location: The old mill')
  await expect(mill.getByLabel('Description')).toHaveValue('A mill on the Blackmoor, its wheel still turning at night.')
  await mill.getByLabel('Name').click()
  // Both saved: read back after a reload, once the description's save has answered.
  const readBack = async () => {
    await page.reload()
    await openSection(page, 'Locations')
    await page.getByRole('list', { name: 'Places' }).getByRole('button', { name: 'The old mill' }).click()
    return [await mill.getByLabel('Name').inputValue(), await mill.getByLabel('Description').inputValue()]
  }
  await expect.poll(readBack).toEqual(['The old mill', 'A mill on the Blackmoor, its wheel still turning at night.'])
  expect(problems).toEqual([])
})

test('Settings: the start\'s time typed while its day is being saved is kept, and saved when the GM leaves it', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'setting.set')
  await createCampaign(page, lantern, 'Blackmoor', 'Old-school core')
  await openSection(page, 'Settings')
  const start = page.getByRole('group', { name: 'The campaign starts' })
  const day = start.getByLabel('Day', { exact: true })
  const time = start.getByLabel('Time of day')
  await expect(day).toHaveValue('1')

  answers.hold()
  await day.fill('3')
  await day.press('Tab')
  await expect.poll(() => answers.held()).toBe(1)
  await expect(time).toBeFocused()
  await time.fill('18:30')
  answers.release()
  await expect(page.getByRole('status')).toHaveText('The campaign starts saved.')
  await expect(time).toHaveValue('18:30')
  await time.press('Tab')
  const readBack = async () => {
    await page.reload()
    await openSection(page, 'Settings')
    return [await day.inputValue(), await time.inputValue()]
  }
  await expect.poll(readBack).toEqual(['3', '18:30'])
  expect(problems).toEqual([])
})

test('Characters: a sheet answered late for the character the GM left does not fill the next one\'s page, nor get saved over it', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'character.get')
  const id = await createCampaign(page, lantern, 'Blackmoor', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, tags, draft, created_at, updated_at) values (?, 'npc', ?, ?, 1, 't', 't')")
  const abbot = Number(add.run(id, 'The abbot', '["clergy"]').lastInsertRowid)
  const miller = Number(add.run(id, 'The miller', '["village"]').lastInsertRowid)
  db.close()
  await page.reload()

  // The abbot's page, then at once the miller's: the abbot's sheet answers after the miller's.
  answers.hold()
  await page.evaluate(`location.hash = '#/c/${id}/characters/${abbot}'`)
  await expect.poll(() => answers.held()).toBe(1)
  await page.evaluate(`location.hash = '#/c/${id}/characters/${miller}'`)
  await expect.poll(() => answers.held()).toBe(2)
  answers.release('newest first')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('The miller')
  await expect(main.getByLabel('Name', { exact: true })).toHaveValue('The miller')
  await expect(main.getByLabel('Tags, with commas')).toHaveValue('village')
  // The GM edits the miller and saves: the miller is saved, the abbot untouched.
  await main.getByLabel('Tags, with commas').fill('village, flour')
  await main.getByRole('button', { name: /^Save/ }).click()
  const stored = () => {
    const after = new BetterSqlite3(lantern.dataFile, { readonly: true })
    try {
      return after.prepare('select id, name, tags from character where campaign_id = ? order by id').all(id)
    } finally {
      after.close()
    }
  }
  await expect.poll(stored).toEqual([
    { id: abbot, name: 'The abbot', tags: '["clergy"]' },
    { id: miller, name: 'The miller', tags: '["village","flour"]' },
  ])
  expect(problems).toEqual([])
})
