import type { OsrTableMethod } from '../../shared/api/table-osr.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import * as osr from '../services/table-osr'

export function osrTableHandlers(deps: ServiceDeps): ModuleHandlers<OsrTableMethod> {
  return {
    'osr.fighter': (i) => osr.osrFighter(deps, i),
    'osr.state': (i) => osr.osrTable(deps, i),
    'osr.odds': (i) => osr.rollOdds(deps, i),
    'osr.initiativeOdds': (i) => osr.initiativeOddsFor(deps, i),
    'osr.roll': (i) => osr.rollAtTable(deps, i),
    'osr.harm': (i) => osr.harmAtTable(deps, i),
    'osr.prepare': (i) => osr.prepareOsrSpells(deps, i),
    'osr.combat.start': (i) => osr.startOsrCombat(deps, i),
    'osr.combat.join': (i) => osr.joinOsrCombat(deps, i),
    'osr.combat.foe': (i) => osr.typeOsrFoe(deps, i),
    'osr.combat.foe.edit': (i) => osr.editOsrFoe(deps, i),
    'osr.combat.foe.save': (i) => osr.saveOsrFoe(deps, i),
    'osr.combat.leave': (i) => osr.leaveOsrCombat(deps, i),
    'osr.initiative': (i) => osr.rollOsrInitiative(deps, i),
    'osr.round': (i) => osr.playOsrRound(deps, i),
    'osr.combat.act': (i) => osr.actInOsrCombat(deps, i),
    'osr.reload': (i) => osr.reloadOsrWeapon(deps, i),
    'osr.combat.end': (i) => osr.endOsrCombat(deps, i),
    'osr.undo': (i) => osr.undoAtTable(deps, i),
  }
}
