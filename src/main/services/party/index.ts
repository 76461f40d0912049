/** The party at a glance: who is present and how each of them stands, read for the table. */
export { partyAtTable } from './party'
export { conditionsOf, healthOf, type MemberFacts } from './health'
