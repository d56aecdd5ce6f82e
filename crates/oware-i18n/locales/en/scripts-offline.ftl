# The page without the network (static/js/offline.js, pwa.js; docs/web.md, "Offline").
offline-needs-network = This needs the network, and you are offline. Games against the computer and with a friend on this device work without it.
offline-banner = You are offline. Play the computer or a friend on this device; online games, the lobby and your account need the network.
