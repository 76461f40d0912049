/**
 * What the GM types in a field is kept while the answer to the field before it comes in: the GM
 * edits one field, moves on to the next and types, and the first field's save answers (and the
 * page draws itself again) before the GM leaves the second. The answer is held back in the page's
 * socket until the second field is typed in, so the order is the same on any machine. And a
 * character's sheet read late, after the GM has gone on to another character, fills nothing; an
 * entry made before the sessions are read goes in the session being played; the next item or
 * reason typed while the one before is saved is kept; an NPC chosen with the arrows stays chosen
 * when newer matches arrive.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, holdAnswers, openSection } from './support'

/** A campaign with one player character written straight into the library: their ids. */
async function campaignWithPc(page: Page, lantern: Lantern, campaign: string, system: string, pc: string): Promise<{ id: number; pc: number }> {
  const id = await createCampaign(page, lantern, campaign, system)
  const db = new BetterSqlite3(lantern.dataFile)
  try {
    return { id, pc: Number(db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')").run(id, pc).lastInsertRowid) }
  } finally {
    db.close()
  }
}

/**
 * The GM saves what `field` holds (`save`), types the next one there while that answer is held
 * back, then lets it in: the first is told (`told`) and the next is still in the field; saved in
 * turn, the next is told and the field is empty.
 */
async function nextKeptWhileSaving(
  answers: Awaited<ReturnType<typeof holdAnswers>>,
  field: Locator,
  [first, next]: [string, string],
  save: () => Promise<void>,
  told: (text: string) => Promise<void>,
): Promise<void> {
  answers.hold()
  await field.fill(first)
  await save()
  await expect.poll(() => answers.held()).toBe(1)
  await field.fill(next)
  answers.release()
  await told(first)
  await expect(field).toHaveValue(next)
  await save()
  await told(next)
  await expect(field).toHaveValue('')
}

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

test('Ledger and injuries: an entry recorded before the page has read the sessions still goes in the session being played', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'session.list')
  const { id, pc: tai } = await campaignWithPc(page, lantern, 'Clockwork City', 'The Ladder', 'Tai')
  const db = new BetterSqlite3(lantern.dataFile)
  const session = Number(db.prepare("insert into session (campaign_id, number, title, created_at, updated_at) values (?, 1, 'The Clockwork Heist', 't', 't')").run(id).lastInsertRowid)
  db.close()

  // The sessions are not read yet when the GM earns and records.
  answers.hold()
  await page.goto(`${lantern.url}#/c/${id}/characters/${tai}`)
  const ledger = page.getByRole('region', { name: 'Ledger' })
  const form = ledger.getByRole('form', { name: 'Earn or spend' })
  await expect.poll(() => answers.held()).toBeGreaterThan(0)
  // The Session field says what a change goes to meanwhile, never "No session".
  await expect(form.getByLabel('Session')).toBeDisabled()
  await expect(form.getByLabel('Session')).toHaveText('Session being played (reading…)')
  await form.screenshot({ path: test.info().outputPath('ledger-session-reading.png') })
  await form.getByLabel('Amount').fill('2')
  await form.getByLabel('Reason').fill('cracked the vault')
  await form.getByLabel('Reason').press('Enter')
  await expect(ledger.getByRole('status')).toHaveText('Earned 2 Plot Points: cracked the vault.')
  const injuries = page.getByRole('region', { name: 'Injuries' })
  const record = injuries.getByRole('form', { name: 'Record an injury' })
  await record.getByLabel('Damage').selectOption('wounded')
  await record.getByLabel('Location').selectOption('arm')
  await record.getByRole('button', { name: 'Record injury' }).click()
  await expect(injuries.getByRole('listitem', { name: 'Wounded · arm' })).toBeVisible()
  expect(answers.held()).toBeGreaterThan(0)
  answers.release()
  await expect(form.getByLabel('Session')).toBeEnabled()
  await expect(form.getByLabel('Session').locator('option:checked')).toHaveText('Session 1: The Clockwork Heist (being played)')

  const timeline = ledger.getByRole('list', { name: 'Plot Points history' })
  await expect(timeline.getByRole('listitem')).toHaveCount(1)
  await expect(timeline.getByRole('listitem')).toContainText('Session 1 · Day 1 · 00:00')
  const stored = new BetterSqlite3(lantern.dataFile, { readonly: true })
  try {
    const logged = stored.prepare("select kind, session_id as session from log_entry where campaign_id = ? and kind in ('ledger.earned', 'injury.recorded') order by id").all(id)
    expect(logged).toEqual([
      { kind: 'ledger.earned', session },
      { kind: 'injury.recorded', session },
    ])
  } finally {
    stored.close()
  }
  expect(problems).toEqual([])
})

test('Ledger: a reason typed while the change before is being saved is kept', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'ledger.earn')
  const { id, pc: tai } = await campaignWithPc(page, lantern, 'Clockwork City', 'The Ladder', 'Tai')
  await page.goto(`${lantern.url}#/c/${id}/characters/${tai}`)
  const ledger = page.getByRole('region', { name: 'Ledger' })
  const form = ledger.getByRole('form', { name: 'Earn or spend' })

  const reason = form.getByLabel('Reason')
  await nextKeptWhileSaving(
    answers,
    reason,
    ['cracked the vault', 'made the table laugh'],
    () => reason.press('Enter'),
    (t) => expect(ledger.getByRole('status')).toHaveText(`Earned 1 Plot Point: ${t}.`),
  )
  await expect(ledger.getByRole('button', { name: 'Plot Points 2' })).toBeVisible()
  expect(problems).toEqual([])
})

test('Inventory: the next item typed while the one before is being added is kept', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'inventory.add')
  const { id, pc: glam } = await campaignWithPc(page, lantern, 'The Sunken Keep', 'Old-school core', 'Glam')
  await page.goto(`${lantern.url}#/c/${id}/characters/${glam}`)
  const add = page.getByRole('form', { name: 'Add an item' })
  const name = add.getByLabel('New item')

  await nextKeptWhileSaving(
    answers,
    name,
    ['Torch', 'Rope, 50 ft'],
    () => name.press('Enter'),
    (t) => expect(page.getByText(`Added “${t}”.`)).toBeVisible(),
  )
  const stored = new BetterSqlite3(lantern.dataFile, { readonly: true })
  try {
    expect(stored.prepare('select name from inventory_item where character_id = ? order by id').all(glam)).toEqual([{ name: 'Torch' }, { name: 'Rope, 50 ft' }])
  } finally {
    stored.close()
  }
  expect(problems).toEqual([])
})

test('Injuries: the next limb typed while the injury before is being recorded is kept', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'injury.record')
  const { id, pc: glam } = await campaignWithPc(page, lantern, 'The Sunken Keep', 'Old-school core', 'Glam')
  await page.goto(`${lantern.url}#/c/${id}/characters/${glam}`)
  const injuries = page.getByRole('region', { name: 'Injuries' })
  const record = injuries.getByRole('form', { name: 'Record an injury' })
  const limb = record.getByLabel('Limb or organ')

  await nextKeptWhileSaving(
    answers,
    limb,
    ['left hand', 'right eye'],
    () => record.getByRole('button', { name: 'Record injury' }).click(),
    (t) => expect(injuries.getByRole('status')).toContainText(t),
  )
  const stored = new BetterSqlite3(lantern.dataFile, { readonly: true })
  try {
    const parts = stored.prepare('select details from injury where character_id = ? order by id').all(glam) as { details: string }[]
    expect(parts.map((r) => (JSON.parse(r.details) as { part: string }).part)).toEqual(['left hand', 'right eye'])
  } finally {
    stored.close()
  }
  expect(problems).toEqual([])
})

test('Lights: the next light source picked while the one before is being lit stays picked', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'light.light')
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  const add = db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, 'Torches', 'light', 2, ?, 't', 't')")
  for (const name of ['Glam', 'Brann']) {
    add.run(Number(db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')").run(id, name).lastInsertRowid), JSON.stringify({ type: 'torch', oilPints: 0 }))
  }
  db.close()
  await page.reload()
  await openSection(page, 'Time & light')
  const source = page.getByLabel('Light from a pack')
  const lights = page.getByRole('list', { name: 'Lights on the clock' })

  answers.hold()
  await source.selectOption({ label: 'Glam: Torches (2)' })
  await page.getByRole('button', { name: 'Light it' }).click()
  await expect.poll(() => answers.held()).toBe(1)
  await source.selectOption({ label: 'Brann: Torches (2)' })
  answers.release()
  await expect(lights.getByText('Glam’s torch', { exact: true })).toBeVisible()
  await expect(source.locator('option:checked')).toHaveText('Brann: Torches (2)')
  await page.getByRole('button', { name: 'Light it' }).click()
  await expect(lights.getByText('Brann’s torch', { exact: true })).toBeVisible()
  await expect(source).toHaveValue('')
  expect(problems).toEqual([])
})

test('Foes: the next foe typed into a LODE fight while the one before is being added is kept', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'lode.combat.foe')
  await createCampaign(page, lantern, 'The Barrow Road', 'LODE')
  await openSection(page, 'Table')
  await page.getByRole('region', { name: 'Clock' }).getByRole('button', { name: 'Start combat' }).click()
  const combat = page.getByRole('main').getByRole('region', { name: 'Combat' })
  const typed = combat.getByRole('form', { name: 'Type a foe into the fight' })
  const foe = typed.getByLabel('Foe')

  await nextKeptWhileSaving(
    answers,
    foe,
    ['Barrow ghoul', 'Wight'],
    () => typed.getByRole('button', { name: 'Add foe' }).click(),
    (t) => expect(combat.getByRole('list', { name: 'Foes' })).toContainText(t),
  )
  expect(problems).toEqual([])
})

test('Ladder rulings: the reason typed for the next ruling while one is being made is kept', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'ladder.ruling')
  const { id } = await campaignWithPc(page, lantern, 'Clockwork City', 'The Ladder', 'Tai')
  await page.goto(`${lantern.url}#/c/${id}/table`)
  const rollTab = page.getByRole('main').getByRole('tabpanel', { name: 'Roll' })
  await rollTab.getByText('No roll needed: the GM rules (LAD-4)').click()
  const why = rollTab.getByLabel('Why no roll')

  await nextKeptWhileSaving(
    answers,
    why,
    ['the door was never locked', 'the guard is asleep'],
    () => rollTab.getByRole('button', { name: 'Success', exact: true }).click(),
    (t) => expect(rollTab.getByRole('status')).toContainText(t),
  )
  expect(problems).toEqual([])
})

test('Ranks Dangers: the next Danger typed while the one before is being added is kept', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'ranks.danger')
  const { id } = await campaignWithPc(page, lantern, 'The Six-Fingered Man', 'Resolution and Ranks', 'Georgia')
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', 'Alexis', 't', 't')").run(id)
  db.close()
  await page.goto(`${lantern.url}#/c/${id}/table`)
  const main = page.getByRole('main')
  await main.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Start session' }).click()
  const threat = main.getByRole('region', { name: 'Threat and Dangers' })
  await threat.getByLabel('Per PC').fill('3')
  await threat.getByRole('button', { name: 'Take this session’s Threat' }).click()
  await expect(threat.getByTestId('rk-threat')).toHaveText('6')
  // One Danger in front of each at most (RK-7): the first goes to Georgia, the next to Alexis, the
  // next one free, whom the panel offers once Georgia faces hers.
  await threat.getByLabel('Danger for').selectOption({ label: 'Georgia' })
  await nextKeptWhileSaving(
    answers,
    threat.getByLabel('What'),
    ['the cultist’s minions', 'a collapsing bridge'],
    () => threat.getByRole('button', { name: 'Add Danger' }).click(),
    (t) => expect(threat.getByRole('list', { name: 'Dangers in play' })).toContainText(t),
  )
  const dangers = threat.getByRole('list', { name: 'Dangers in play' })
  await expect(dangers).toContainText('Georgia faces the cultist’s minions')
  await expect(dangers).toContainText('Alexis faces a collapsing bridge')
  await expect(threat.getByTestId('rk-threat')).toHaveText('4')
  expect(problems).toEqual([])
})

test('NPC picker: the match moved to with the arrows stays chosen when newer matches arrive', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'character.list')
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, ?, ?, ?, 't', 't')")
  add.run(id, 'pc', 'Glam', JSON.stringify({ level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4 }))
  for (const npc of ['Bandit', 'Brigand Chief', 'Brigand Scout']) add.run(id, 'npc', npc, JSON.stringify({ level: 1, B: 0, M: 0, S: 0, h: 4, maxH: 4 }))
  db.close()
  await page.reload()
  await openSection(page, 'Table')
  const start = page.getByRole('main').getByRole('region', { name: 'Combat' }).getByRole('form', { name: 'Start a combat' })
  const picker = start.getByRole('combobox', { name: 'Add an NPC' })
  const list = start.getByRole('listbox', { name: 'NPCs for Add an NPC' })
  const options = list.getByRole('option')
  await picker.fill('b')
  await expect(options).toHaveText(['Bandit', 'Brigand Chief', 'Brigand Scout'])

  // "br" asked; its matches held back while the GM arrows down to the scout in the list shown.
  answers.hold()
  await picker.press('r')
  await expect.poll(() => answers.held()).toBe(1)
  await picker.press('ArrowDown')
  await picker.press('ArrowDown')
  await expect(list.getByRole('option', { selected: true })).toHaveText('Brigand Scout')
  answers.release()
  await expect(options).toHaveText(['Brigand Chief', 'Brigand Scout'])
  await expect(list.getByRole('option', { selected: true })).toHaveText('Brigand Scout')
  await picker.press('Enter')
  await expect(start.getByRole('table', { name: 'Odds of acting first' })).toContainText('Brigand Scout')
  await expect(start.getByRole('table', { name: 'Odds of acting first' })).not.toContainText('Brigand Chief')
  expect(problems).toEqual([])
})

test('Lists: a change made while the list is being read is read again after it, and the list ends with it', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'adventure.list')
  await createCampaign(page, lantern, 'Blackmoor', 'Old-school core')
  await openSection(page, 'Adventures')
  const add = page.getByLabel('New adventure title')
  const titles = page.getByRole('list', { name: 'Adventures' }).getByRole('textbox', { name: 'Title', exact: true })
  await add.fill('The Moathouse')
  await add.press('Enter')
  await expect(titles).toHaveCount(1)

  // Two more, the list read after the first held back: the second waits for it (one read at a
  // time, none overtaking another), then is read once after it.
  answers.hold()
  await add.fill('The Temple')
  await add.press('Enter')
  await expect.poll(() => answers.held()).toBe(1)
  await add.fill('The Tower')
  await add.press('Enter')
  await expect(add).toHaveValue('') // created, its change heard (told before the answer)
  await page.waitForTimeout(300) // a read asked on that change would be answered by now
  expect(answers.held()).toBe(1)
  answers.release()
  await expect(titles).toHaveCount(3)
  await expect(titles.last()).toHaveValue('The Tower')
  expect(problems).toEqual([])
})
