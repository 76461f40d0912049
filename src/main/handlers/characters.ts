/** The characters module's methods, bound to the services that do them. */
import type { CharacterMethod } from '../../shared/api/characters.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { listCharacters, generateCharacter, checkCharacterSheet, createCharacter, deleteCharacter, getCharacter, updateCharacter } from '../services/characters'

export function characterHandlers(deps: ServiceDeps): ModuleHandlers<CharacterMethod> {
  return {
    'character.list': (i) => listCharacters(deps.db, i),
    'character.get': (i) => getCharacter(deps.db, i.id),
    'character.create': (i) => createCharacter(deps, i),
    'character.update': (i) => updateCharacter(deps, i),
    'character.delete': (i) => deleteCharacter(deps, i),
    'character.check': (i) => checkCharacterSheet(deps.db, i),
    'character.generate': (i) => generateCharacter(deps, i),
  }
}
