/**
 * The session a change belongs to, as a form offers it: the campaign's sessions, and a choice that
 * starts at the session being played (the newest open one) and follows it while the GM has not
 * picked another; "No session" is a pick like any other. The services make the same default when
 * a form names no session, so what happens during play is in the session's recap: until the GM
 * picks, a change names none (`sent`), and one made before the sessions are read still goes to the
 * session being played, never to "no session".
 */
import { computed, ref, watch, type Ref } from 'vue'
import type { Session } from '../../../../shared/contract'
import { useRecords } from '../../composables/useRecords'

/** The session being played: the newest open one. */
export function openSession(sessions: readonly Session[]): Session | null {
  return sessions.filter((s) => s.status === 'open').sort((a, b) => b.number - a.number)[0] ?? null
}

export function useSessionChoice(campaignId: Ref<number>) {
  const { data: sessions, loading } = useRecords<Session[]>('session', campaignId, (api, id) => api.call('session.list', { campaignId: id }), [])
  const playing = computed(() => openSession(sessions.value)?.id ?? null)
  const picked = ref(false)
  const sessionId = ref<number | null>(playing.value)
  watch(playing, (id) => {
    if (!picked.value) sessionId.value = id
  })
  /** The GM picked a session (or none): it stays for the next changes. */
  function pick(id: number | null): void {
    picked.value = true
    sessionId.value = id
  }
  /** What a change names: the GM's pick, or nothing (the session being played, found by the service). */
  const sent = computed<{ sessionId?: number | null }>(() => (picked.value ? { sessionId: sessionId.value } : {}))
  return { sessions, loading, sessionId, playing, pick, sent }
}
