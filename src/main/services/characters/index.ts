/** Characters: PCs and NPCs with a rules sheet for their campaign's system, the list, old-school generation, and inventory. */
export { checkCharacterSheet, createCharacter, deleteCharacter, insertCharacter, getCharacter, sheetContext, updateCharacter } from './characters'
export { generateCharacter } from './generation'
export { addItem, encumbranceOf, listInventory, removeItem, updateItem } from './inventory'
export { listCharacters } from './list'
export { reducedAbility } from './sheets/challenge'
export { checkSheet } from './sheets/index'
