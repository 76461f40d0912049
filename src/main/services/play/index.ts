/** The session at the table: start and close it, and undo the last action. */
export { closeSession, startSession } from './session'
export { undoLastAction } from './undo'
