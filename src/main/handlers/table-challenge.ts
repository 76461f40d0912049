import type { ChallengeTableMethod } from '../../shared/api/table-challenge.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import {
  changeTableAbilities,
  characterAbilities,
  closeTableChallenge,
  currentChallenge,
  playTableOut,
  playTableRound,
  roundOdds,
  setupOdds,
  startTableChallenge,
  undoTableChallenge,
  writeTableConsequences,
} from '../services/table-challenge'

export function challengeTableHandlers(deps: ServiceDeps): ModuleHandlers<ChallengeTableMethod> {
  return {
    'challenge.abilities': (i) => characterAbilities(deps.db, i.characterId),
    'challenge.odds': (i) => setupOdds(deps.db, i),
    'challenge.preview': (i) => roundOdds(deps.db, i.id, i.choices),
    'challenge.current': (i) => currentChallenge(deps, i.campaignId),
    'challenge.start': (i) => startTableChallenge(deps, i),
    'challenge.round': (i) => playTableRound(deps, i),
    'challenge.playOut': (i) => playTableOut(deps, i),
    'challenge.change': (i) => changeTableAbilities(deps, i),
    'challenge.consequences': (i) => writeTableConsequences(deps, i),
    'challenge.close': (i) => closeTableChallenge(deps, i),
    'challenge.undo': (i) => undoTableChallenge(deps, i),
  }
}
