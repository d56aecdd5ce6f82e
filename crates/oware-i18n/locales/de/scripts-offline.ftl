# Die Seite ohne Netz (static/js/offline.js, pwa.js; docs/web.md, „Offline“).
offline-needs-network = Dafür braucht es das Netz, und Sie sind offline. Partien gegen den Computer und zu zweit an diesem Gerät gehen auch ohne.
offline-banner = Sie sind offline. Spielen Sie gegen den Computer oder zu zweit an diesem Gerät; Online-Partien, die Lobby und Ihr Konto brauchen das Netz.
