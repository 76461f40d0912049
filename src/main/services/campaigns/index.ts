/** Campaigns and their rule settings: create, list, rename, delete; read and change a setting. */
export { createCampaign, deleteCampaign, getCampaign, getCampaignDetail, listCampaigns, renameCampaign, requireCampaign, touchCampaign } from './campaigns'
export { getSetting, getSettings, listSettings, setSetting, type SettingValues } from './settings'
