import { createRouter, createWebHashHistory } from 'vue-router'
import CampaignList from './views/CampaignList.vue'

// Hash history: the same URLs work from app:// in Electron and from the browser server.
export const router = createRouter({
  history: createWebHashHistory(),
  // A link to one record (from search) scrolls to it; any other navigation starts at the top.
  scrollBehavior: (to) => (to.hash ? { el: to.hash, top: 16 } : { top: 0 }),
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
        { path: 'search', name: 'search', component: () => import('./views/search/SearchView.vue') },
      ],
    },
    { path: '/:rest(.*)*', redirect: '/' },
  ],
})
