import { createRouter, createWebHashHistory } from 'vue-router'
import CampaignList from './views/CampaignList.vue'

// Hash history: the same URLs work from app:// in Electron and from the browser server.
export const router = createRouter({
  history: createWebHashHistory(),
  // A link to one record (from search) scrolls to it; any other navigation starts at the top.
  // The clock bar stays on top, so the record lands below it.
  scrollBehavior: (to) => {
    if (!to.hash) return { top: 0 }
    const bar = Number.parseInt(getComputedStyle(document.documentElement).getPropertyValue('--clock-bar-height'), 10) || 0
    return { el: to.hash, top: 16 + bar }
  },
  routes: [
    { path: '/', name: 'campaigns', component: CampaignList },
    { path: '/settings', name: 'app-settings', component: () => import('./views/AppSettings.vue') },
    {
      path: '/c/:id(\\d+)',
      component: () => import('./views/CampaignLayout.vue'),
      props: (route) => ({ id: Number(route.params.id) }),
      children: [
        { path: '', name: 'campaign-home', component: () => import('./views/CampaignHome.vue') },
        { path: 'settings', name: 'campaign-settings', component: () => import('./views/CampaignSettings.vue') },
        { path: 'adventures', name: 'adventures', component: () => import('./views/adventures/AdventuresView.vue') },
        { path: 'sessions', name: 'sessions', component: () => import('./views/sessions/SessionsView.vue') },
        { path: 'sessions/:sessionId(\\d+)/recap', name: 'session-recap', component: () => import('./views/sessions/RecapView.vue'), props: (route) => ({ sessionId: Number(route.params.sessionId) }) },
        { path: 'characters', name: 'characters', component: () => import('./views/characters/CharactersView.vue') },
        { path: 'characters/new/:kind(pc|npc)', name: 'character-new', component: () => import('./views/characters/CharacterView.vue'), props: (route) => ({ characterId: null, newKind: route.params.kind }) },
        { path: 'characters/:characterId(\\d+)', name: 'character', component: () => import('./views/characters/CharacterView.vue'), props: (route) => ({ characterId: Number(route.params.characterId), newKind: null }) },
        { path: 'locations', name: 'locations', component: () => import('./views/locations/LocationsView.vue') },
        { path: 'encounter-tables', name: 'encounter-tables', component: () => import('./views/encounter-tables/EncounterTablesView.vue') },
        { path: 'search', name: 'search', component: () => import('./views/search/SearchView.vue') },
        { path: 'log/:entryId(\\d+)', name: 'log-entry', component: () => import('./views/search/LogEntryView.vue'), props: (route) => ({ entryId: Number(route.params.entryId) }) },
        { path: 'time', name: 'clock', component: () => import('./views/clock/ClockPage.vue') },
        { path: 'journey', name: 'journey', component: () => import('./views/journey/JourneyPage.vue') },
        { path: 'table', name: 'table', component: () => import('./views/table/TableView.vue') },
        { path: 'between', name: 'between', component: () => import('./views/between/BetweenSessions.vue') },
        // The ledger and injuries live on the character page; old links land there.
        { path: 'characters/:characterId(\\d+)/ledger', name: 'character-records', redirect: (to) => ({ name: 'character', params: to.params, hash: '#records' }) },
      ],
    },
    { path: '/:rest(.*)*', redirect: '/' },
  ],
})
