/**
 * The API connection, made once for the whole app, and its state for the status line; and, for a
 * library on PostgreSQL, whether Lantern can reach the database server.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { connectApi, type Api, type ConnectionState } from '../api'

export const useConnection = defineStore('connection', () => {
  const state = ref<ConnectionState>('connecting')
  const database = ref<'open' | 'lost'>('open')
  /** The database server came back after being out of reach: what others changed meanwhile shows on a reload. */
  const databaseReturned = ref(false)
  const api = shallowRef<Api | null>(null)

  /** Connects on first use; later calls return the same client. */
  function client(): Api {
    if (!api.value) {
      api.value = connectApi((s) => (state.value = s))
      api.value?.on('library.connection', (p) => {
        if (database.value === 'lost' && p.state === 'open') databaseReturned.value = true
        database.value = p.state
      })
    }
    if (!api.value) throw new Error('Lantern has no key for this address. Open the address that `npm run web` printed.')
    return api.value
  }

  return { state, database, databaseReturned, client }
})
