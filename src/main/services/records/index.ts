/** Campaign records: adventures, sessions, locations, encounter tables and their rolls. */
export { createAdventure, deleteAdventure, listAdventures, moveAdventure, updateAdventure } from './adventures'
export { rollEncounterTable } from './encounter-roll'
export { createEncounterTable, deleteEncounterTable, getEncounterTable, listEncounterTables, updateEncounterTable } from './encounter-tables'
export { createLocation, deleteLocation, listLocations, updateLocation } from './locations'
export { placeChain, type PlaceChain } from './place-chain'
export { createSession, deleteSession, listSessions, updateSession } from './sessions'
