/** Method names of the inventory module (no schemas: the preload imports this). */
export const INVENTORY_METHODS = ['inventory.list', 'inventory.add', 'inventory.update', 'inventory.remove'] as const
export type InventoryMethod = (typeof INVENTORY_METHODS)[number]
