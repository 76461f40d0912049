/**
 * The session at the table (start, close), and the GM's actions: each recorded as it is made,
 * undone newest first whatever it wrote, redone with the same dice; the history and the log as the
 * table shows them.
 */
export { closeSession, startSession } from './session'
export { undoLastAction } from './undo'
export { redoLastUndone, type Rerun } from './redo'
export { recordingActions } from './record'
export { actionHistory, tableLog } from './history'
