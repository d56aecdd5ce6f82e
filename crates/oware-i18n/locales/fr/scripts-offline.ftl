# La page sans le réseau (static/js/offline.js, pwa.js ; docs/web.md, « Offline »).
offline-needs-network = Il faut le réseau pour cela, et vous êtes hors ligne. Les parties contre l’ordinateur et à deux sur cet appareil marchent sans lui.
offline-banner = Vous êtes hors ligne. Jouez contre l’ordinateur ou à deux sur cet appareil ; les parties en ligne, le salon et votre compte ont besoin du réseau.
