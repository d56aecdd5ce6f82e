# A página sem rede (static/js/offline.js, pwa.js; docs/web.md, «Offline»).
offline-needs-network = Isto precisa da rede, e está sem ligação. Os jogos contra o computador e a dois neste aparelho funcionam sem ela.
offline-banner = Está sem ligação. Jogue contra o computador ou a dois neste aparelho; os jogos em linha, a sala e a sua conta precisam da rede.
