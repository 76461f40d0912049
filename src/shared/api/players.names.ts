/** Method and event names of the players' screen (no schemas: the preload imports this). */
export const PLAYERS_METHODS = [
  'players.view',
  'players.share',
  'players.stop',
  'players.changeKey',
  'players.status',
  'players.controls',
  'players.reveal',
  'players.handout',
] as const
export type PlayersMethod = (typeof PLAYERS_METHODS)[number]

export const PLAYERS_EVENTS = ['players.view', 'players.revealed'] as const
export type PlayersEvent = (typeof PLAYERS_EVENTS)[number]
