/** The players' page: its own entry, no GM code; it shows what the server sends for players. */
import './players.css'
import { connectPlayers, keyFromLink } from './connection'
import { drawMessage, drawStatus, drawView } from './render'

const root = document.getElementById('players')!
const status = document.createElement('p')
status.className = 'status'
status.setAttribute('data-testid', 'players-status')
status.hidden = true
document.body.prepend(status)

// A new link opened in this same tab differs only after '#': start again with its key.
window.addEventListener('hashchange', () => location.reload())

const key = keyFromLink(location.hash)
if (!key) {
  drawMessage(root, 'This link has no key. Ask the GM for the players’ link.')
} else {
  let shown = false
  connectPlayers(
    key,
    (view) => {
      shown = true
      drawView(root, view)
    },
    (state) => {
      if (state === 'open') drawStatus(status, null)
      else if (state === 'new-key') {
        drawStatus(status, null)
        drawMessage(root, 'This link no longer works. Ask the GM for the new link.')
      } else if (state === 'lost' || (state === 'connecting' && shown)) drawStatus(status, 'Connection lost: reconnecting…')
      else if (!shown) drawMessage(root, 'Connecting to the GM’s Lantern…')
    },
  )
}
