/**
 * Playing a secret session: each command made at the table through the router, with a model of
 * the undo stack beside it (each action pushes; `play.undo` pops it onto the redo stack; `play.redo`
 * pushes it back; any new action clears the redo stack; refused calls and calls that change
 * nothing are no actions), checked against the History panel after every command. What stands at
 * the end (the stack) can be played again, straight, in another library; and the story each
 * library tells (recaps, ledger histories and balances, search) can be compared.
 */
import type { Core } from '../../src/main/app'
import { gm } from './calls'
import { type Command, REDO, UNDO, commandText, planOf } from './secret-commands'
import type { SecretTable } from './secret-tables'

export type Status = 'action' | 'no change' | 'refused' | 'nothing to do'

export interface Outcome {
  command: Command
  status: Status
  /** The method called, the refusal, or why there was nothing to do. */
  detail: string
}

interface Made {
  command: Command
  actionId: number
}

async function undoRef(t: SecretTable): Promise<{ undo: number | null; redo: number | null }> {
  const h = await gm(t.core, 'play.history', { campaignId: t.campaignId, limit: 1 })
  return { undo: h.undo?.actionId ?? null, redo: h.redo?.actionId ?? null }
}

export class SecretSession {
  private readonly stack: Made[] = []
  private readonly redoStack: Made[] = []
  readonly outcomes: Outcome[] = []
  /** Where the model and the History panel disagree: the product's undo, or the model, is wrong. */
  readonly modelProblems: string[] = []
  private base: { undo: number | null } = { undo: null }

  private constructor(readonly t: SecretTable) {}

  /** A session at a set table: its undo stack starts at the set-up's last action (never undone by the run). */
  static async at(t: SecretTable): Promise<SecretSession> {
    const s = new SecretSession(t)
    s.base = await undoRef(t)
    return s
  }

  /** The commands whose actions stand, in the order they were made. */
  get standing(): Command[] {
    return this.stack.map((m) => m.command)
  }

  async perform(command: Command): Promise<Outcome> {
    const outcome = await this.make(command)
    this.outcomes.push(outcome)
    const now = await undoRef(this.t)
    const expected = { undo: this.stack.at(-1)?.actionId ?? this.base.undo, redo: this.redoStack.at(-1)?.actionId ?? null }
    if (now.undo !== expected.undo || now.redo !== expected.redo) {
      this.modelProblems.push(`after ${commandText(command)} (${outcome.status}: ${outcome.detail}) the History panel would undo action ${now.undo} and redo ${now.redo}; the model says ${expected.undo} and ${expected.redo}`)
    }
    return outcome
  }

  private async make(command: Command): Promise<Outcome> {
    const { t } = this
    const campaignId = t.campaignId
    if (command.op === UNDO) {
      const top = this.stack.at(-1)
      if (!top) return { command, status: 'nothing to do', detail: 'no action of the run to undo' }
      const r = await t.core.router.call('play.undo', { campaignId }, { scope: 'gm' })
      if (!r.ok) return { command, status: 'refused', detail: `play.undo: ${r.error.message}` }
      const undone = r.value as { undone: string; actionId: number }
      if (undone.actionId !== top.actionId) this.modelProblems.push(`${commandText(command)} undid action ${undone.actionId} (“${undone.undone}”), the model's top is ${top.actionId} (${commandText(top.command)})`)
      this.redoStack.push(this.stack.pop()!)
      return { command, status: 'action', detail: `play.undo: ${undone.undone}` }
    }
    if (command.op === REDO) {
      const top = this.redoStack.at(-1)
      if (!top) return { command, status: 'nothing to do', detail: 'nothing to redo' }
      const r = await t.core.router.call('play.redo', { campaignId }, { scope: 'gm' })
      if (!r.ok) return { command, status: 'refused', detail: `play.redo: ${r.error.message}` }
      const redone = r.value as { redone: string; actionId: number }
      this.redoStack.pop()
      this.stack.push({ command: top.command, actionId: redone.actionId })
      return { command, status: 'action', detail: `play.redo: ${redone.redone}` }
    }
    const plan = await planOf(t, command)
    if ('skip' in plan) return { command, status: 'nothing to do', detail: plan.skip }
    const before = await undoRef(t)
    const r = await t.core.router.call(plan.method, plan.input, { scope: 'gm' })
    if (!r.ok) return { command, status: 'refused', detail: `${plan.method}: ${r.error.message}` }
    const after = await undoRef(t)
    if (after.undo === before.undo) return { command, status: 'no change', detail: plan.method }
    this.stack.push({ command, actionId: after.undo! })
    this.redoStack.length = 0
    return { command, status: 'action', detail: plan.method }
  }
}

/**
 * Plays the standing commands again, in order, at a table set the same way: each must be made,
 * and be an action, as it was. Returns what went otherwise.
 */
export async function playStraight(t: SecretTable, commands: readonly Command[]): Promise<string[]> {
  const problems: string[] = []
  for (const command of commands) {
    const plan = await planOf(t, command)
    if ('skip' in plan) {
      problems.push(`played straight, ${commandText(command)} had nothing to do: ${plan.skip}`)
      continue
    }
    const before = await undoRef(t)
    const r = await t.core.router.call(plan.method, plan.input, { scope: 'gm' })
    if (!r.ok) problems.push(`played straight, ${commandText(command)} was refused: ${plan.method}: ${r.error.message}`)
    else if ((await undoRef(t)).undo === before.undo) problems.push(`played straight, ${commandText(command)} changed nothing (${plan.method})`)
  }
  return problems
}

/** Search terms the commands' public words and the set-up's names are found by. */
const SEARCH_TERMS = ['water', 'bravery', 'escape', 'Aster', 'Bram', 'bell', 'Brigand', 'Goblin', 'Thug', 'Bandit', 'Cultist', 'Ghoul', 'Falling rocks', 'Torch']

/** The story a library tells of the session: both recaps, every ledger's history and balances, and search. */
export async function storyOf(t: SecretTable) {
  const { core, campaignId, sessionId } = t
  const holders: (number | undefined)[] = [...t.pcs.map((p) => p.id), undefined]
  const ledgers = []
  for (const characterId of holders) {
    const list = (await gm(core, 'ledger.list', { campaignId, ...(characterId ? { characterId } : {}), limit: 500 })).items
    ledgers.push({
      holder: characterId ?? 'campaign',
      history: list.map((e) => ({ currency: e.currency, amount: e.amount, reason: e.reason, balanceAfter: e.balanceAfter, corrected: e.correctedById !== null })),
      balances: await gm(core, 'ledger.balances', { campaignId, ...(characterId ? { characterId } : {}) }),
    })
  }
  const search: Record<string, { kind: string; snippet: string }[]> = {}
  for (const text of SEARCH_TERMS) search[text] = (await gm(core, 'search.query', { campaignId, text, limit: 50 })).map((h) => ({ kind: h.kind, snippet: h.snippet }))
  return {
    gmRecap: (await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown,
    playersRecap: (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown,
    ledgers,
    search,
  }
}

/** The players' recap, plain and with Obsidian links. */
export async function playersRecaps(core: Core, sessionId: number): Promise<string[]> {
  return [
    (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown,
    (await gm(core, 'recap.session', { sessionId, variant: 'players', obsidian: true })).markdown,
  ]
}
