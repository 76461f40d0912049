/** The inventory module's methods, bound to the services that do them. */
import type { InventoryMethod } from '../../shared/api/inventory.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { addItem, listInventory, removeItem, updateItem } from '../services/characters'

export function inventoryHandlers(deps: ServiceDeps): ModuleHandlers<InventoryMethod> {
  return {
    'inventory.list': (i) => listInventory(deps.db, i.characterId),
    'inventory.add': (i) => addItem(deps, i),
    'inventory.update': (i) => updateItem(deps, i),
    'inventory.remove': (i) => removeItem(deps, i),
  }
}
