/** Method names of the desktop module: files through native dialogs (no schemas: the preload imports this). */
export const DESKTOP_METHODS = ['desktop.saveRecap', 'desktop.saveRecapToFolder', 'desktop.exportCampaign', 'desktop.importCampaign'] as const
export type DesktopMethod = (typeof DESKTOP_METHODS)[number]
