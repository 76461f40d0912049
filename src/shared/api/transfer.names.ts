/** Method names of the campaign export/import module (no schemas: the preload imports this). */
export const TRANSFER_METHODS = ['transfer.exportToFolder'] as const
export type TransferMethod = (typeof TRANSFER_METHODS)[number]
