# Online spielen im Browser: die Online-Partie (online.js), die Leiste mit Angeboten und Aktionen
# (offers.js), die Lobby (lobby.js), die Warteschlangen und „Sie sind am Zug“ (pool.js), der Chat (chat.js),
# die API-Tokens (tokens.js). $side ist der Code eines Platzes: S (Süd) oder N (Nord).

## online.js

online-not-online = Diese Adresse gehört zu keiner Online-Partie.
online-welcome-back = { $side ->
    [S] Willkommen zurück: Sie spielen Süd.
   *[N] Willkommen zurück: Sie spielen Nord.
}
online-you-watch = Sie schauen dieser Partie zu.
online-you-play = { $side ->
    [S] Sie spielen Süd gegen { $opponent }.
   *[N] Sie spielen Nord gegen { $opponent }.
}
online-refuse-watching = Sie schauen zu: Nur die Spieler ziehen.
online-refuse-no-opponent = Warten Sie, bis ein Gegner beitritt.
online-refuse-their-move = Warten Sie: { $name } ist am Zug.
online-you-resigned = Sie haben aufgegeben.
online-game-aborted = Partie abgebrochen.

## offers.js

online-side = { $side ->
    [S] Süd
   *[N] Nord
}
online-accept = Annehmen
online-decline = Ablehnen
online-withdraw = Zurückziehen
online-invite-private = Senden Sie diesen Link an die Person, mit der Sie spielen möchten. Nur wer den Link hat, kann beitreten.
online-invite-lobby = Senden Sie diesen Link oder warten Sie: Die Herausforderung steht auch in der Lobby auf der Startseite.
online-invite-rated = Die Partie wird gewertet: Ihr Gegner braucht ein Konto.
online-qr-alt = QR-Code des Einladungslinks, für die Kamera eines Handys
online-join-clock = { $side ->
    [S] { $creator } lädt Sie zu einer Partie ein. Sie würden Süd spielen, { $minutes }+{ $increment }.
   *[N] { $creator } lädt Sie zu einer Partie ein. Sie würden Nord spielen, { $minutes }+{ $increment }.
}
online-join-no-clock = { $side ->
    [S] { $creator } lädt Sie zu einer Partie ein. Sie würden Süd spielen, ohne Uhr.
   *[N] { $creator } lädt Sie zu einer Partie ein. Sie würden Nord spielen, ohne Uhr.
}
online-join-rated = Die Partie wird gewertet.
online-join-rated-log-in = Die Partie wird gewertet: Melden Sie sich (oben auf der Seite) an, um den Platz einzunehmen.
online-seat-free = { $side ->
    [S] Freier Platz (Süd): wartet auf einen Spieler
   *[N] Freier Platz (Nord): wartet auf einen Spieler
}
online-seat-connected = { $side ->
    [S] { $name } (Süd): verbunden
   *[N] { $name } (Nord): verbunden
}
online-seat-away = { $side ->
    [S] { $name } (Süd): nicht verbunden
   *[N] { $name } (Nord): nicht verbunden
}
online-seat-you-connected = { $side ->
    [S] { $name } (Süd, Sie): verbunden
   *[N] { $name } (Nord, Sie): verbunden
}
online-seat-you-away = { $side ->
    [S] { $name } (Süd, Sie): nicht verbunden
   *[N] { $name } (Nord, Sie): nicht verbunden
}
online-spectators = { $count ->
    [0] Niemand schaut zu.
    [one] { $count } Person schaut zu.
   *[other] { $count } Personen schauen zu.
}
online-you-offer-draw = Sie haben Remis angeboten.
online-you-offer-takeback = Sie haben gebeten, Ihren letzten Zug zurückzunehmen.
online-you-offer-rematch = Sie haben eine Revanche angeboten.
online-you-offer-cycle = Sie haben vorgeschlagen, die Partie als Zyklus zu beenden: Die Stellung wiederholt sich (jeder Spieler nimmt die Samen seiner eigenen Reihe).
online-they-offer-draw = { $name } bietet Remis an.
online-they-offer-takeback = { $name } bittet darum, den letzten Zug zurückzunehmen.
online-they-offer-rematch = { $name } bietet eine Revanche an.
online-they-offer-cycle = { $name } schlägt vor, die Partie als Zyklus zu beenden: Die Stellung wiederholt sich (jeder Spieler nimmt die Samen seiner eigenen Reihe).
online-watch-offer-takeback = { $name } bittet um Zugrücknahme.
online-cancel-challenge = Herausforderung zurückziehen
online-abort = Abbrechen
online-resign = Aufgeben
online-resign-confirm = Diese Partie aufgeben? Ihr Gegner gewinnt.
online-offer-draw = Remis anbieten
online-ask-takeback = Zugrücknahme erbitten
online-propose-cycle = Zyklus vorschlagen
online-opponent-left = { $name } hat die Partie verlassen.
online-claim-win = Sieg beanspruchen
online-claim-draw = Remis erklären
online-opponent-away = { $seconds ->
    [one] { $name } ist nicht verbunden. Ohne Rückkehr binnen { $seconds } Sekunde können Sie die Partie beanspruchen.
   *[other] { $name } ist nicht verbunden. Ohne Rückkehr binnen { $seconds } Sekunden können Sie die Partie beanspruchen.
}
online-go-to-rematch = Zur Revanche
online-watch-rematch = Revanche ansehen
online-rematch = Revanche
online-accept-rematch = Revanche annehmen
online-rematch-offered = Revanche angeboten
online-home-lobby = Startseite und Lobby
online-invite-copied = Einladungslink kopiert.
online-invite-copy-refused = Markieren Sie den Link und kopieren Sie ihn (der Browser hat das Kopieren nicht erlaubt).

## lobby.js

online-color-random = Seite ausgelost
online-color-south = spielt Süd
online-color-north = spielt Nord
online-days-per-move = { $days ->
    [one] { $days } Tag pro Zug
   *[other] { $days } Tage pro Zug
}
online-no-clock = ohne Uhr
online-lobby-range = Wertung { $low }–{ $high }
online-lobby-rules = Regeln: { $rules }
online-rated = gewertet
online-casual = ungewertet
online-lobby-empty = Keine offenen Herausforderungen. Stellen Sie eine: Neue Partie → Eine Person online.
online-someone = Jemand
online-lobby-yours = Ihre: öffnen
online-lobby-accept-named = Herausforderung von { $name } annehmen: { $details }
online-lobby-accept = Herausforderung annehmen: { $details }

## pool.js

online-time-days = { $days } T. { $hours } Std.
online-time-hours = { $hours } Std. { $minutes } Min.
online-time-minutes = { $minutes } Min. { $seconds } Sek.
online-pool-waiting-rated = Suche einen Gegner für { $pool } (gewertet)
online-pool-waiting-casual = Suche einen Gegner für { $pool } (ungewertet)
online-pool-range = Gegner { $low }–{ $high }
online-pool-bot-after = nach { $seconds } s spielt ein Haus-Bot gegen Sie
online-pool-waited = { $seconds } s
online-pool-found = Gegner gefunden: Die Partie wird geöffnet …
online-pool-lost = Sie haben die Warteschlange verlassen (die Verbindung ging verloren). Wählen Sie eine Bedenkzeit, um erneut zu warten.
online-turn-against = gegen { $name }
online-turn-against-someone = gegen jemanden
online-turn-live = Echtzeit
online-turn-time-left = noch { $time }
online-bot-house = Haus-Bot, { $level }
online-bot-house-easy = Haus-Bot, leicht
online-bot-house-medium = Haus-Bot, mittel
online-bot-house-hard = Haus-Bot, schwer
online-bot-house-expert = Haus-Bot, Experte
online-bot = Bot

## chat.js

online-chat-verified-title = Bei diesem Konto angemeldet
online-chat-verified = bestätigtes Konto
online-chat-tag-side = { $side ->
    [S] (Süd)
   *[N] (Nord)
}
online-chat-tag-spectator = (Zuschauer)
online-chat-tag-guest = (Gast, Zuschauer)
online-chat-empty = Noch keine Nachrichten.
online-chat-mute = Ausblenden
online-chat-mute-title = Nachrichten von { $name } ausblenden
online-chat-muted = { $count ->
    [one] { $count } Person ausgeblendet.
   *[other] { $count } Personen ausgeblendet.
}
online-chat-unmute = Alle wieder zeigen
online-chat-show = Chat zeigen
online-chat-hide = Chat ausblenden
online-chat-note-player-advice = Sie schreiben mit Ihrem Gegner. Diese Partie ist offen für Ratschläge: Die Nachrichten der Zuschauer erscheinen auch hier.
online-chat-note-player = Sie schreiben mit Ihrem Gegner. Die Zuschauer lesen mit; ihr eigener Raum bleibt den Spielern verborgen.
online-chat-note-spectator-advice = Sie schreiben im Raum der Zuschauer. Diese Partie ist offen für Ratschläge: Die Spieler lesen ebenfalls mit.
online-chat-note-spectator = Sie schreiben im Raum der Zuschauer; die Spieler sehen ihn nicht. Sie lesen die Nachrichten der Spieler.

## tokens.js

online-tokens-title = API-Tokens
online-tokens-intro = Mit einem Token kann ein Programm, etwa ein Bot, unter diesem Konto spielen.
online-token-purpose = Verwendungszweck
online-token-scopes = Berechtigungen
online-token-copy-now = Kopieren Sie ihn jetzt: Er wird nur dieses eine Mal angezeigt.
online-tokens-close = Schließen
online-token-create = Token erstellen
online-tokens-none = Keine Tokens.
online-token-revoke = Widerrufen
online-token-used = ({ $scopes }); erstellt { $made }, zuletzt benutzt { $used }
online-token-unused = ({ $scopes }); erstellt { $made }, nie benutzt

## Challenges between accounts (challenge.js), the BOT mark
online-tokens-guide = Zur Anleitung für Bots
online-pool-bots = Gegen einen Bot der Seite spielen, wenn binnen { $seconds } s niemand kommt
online-bot-mark = BOT
online-bot-mark-title = Dieser Spieler ist ein Programm (ein Bot)
online-challenge = Herausfordern
online-challenge-title = { $name } herausfordern
online-challenge-clock = Bedenkzeit
online-challenge-no-clock = Ohne Uhr
online-challenge-rated = Gewertet (nur mit Uhr)
online-challenge-side = Du spielst
online-challenge-side-random = Eine ausgeloste Seite
online-challenge-side-south = Süd
online-challenge-side-north = Nord
online-challenge-send = Herausforderung senden
online-challenge-cancel = Abbrechen
online-challenge-from = Herausforderung von { $name }
online-challenge-incoming = { $name } fordert dich heraus: { $terms }
online-challenge-terms-rated = gewertet
online-challenge-terms-casual = ungewertet
online-challenge-terms-random = Seiten ausgelost
online-challenge-terms-you-south = du spielst Süd
online-challenge-terms-you-north = du spielst Nord
online-challenge-accept = Annehmen
online-challenge-decline = Ablehnen
online-challenge-reason = Grund
online-challenge-reason-generic = ohne Angabe von Gründen
online-challenge-reason-later = gerade nicht, frag später noch einmal
online-challenge-reason-too-fast = diese Bedenkzeit ist zu kurz
online-challenge-reason-too-slow = diese Bedenkzeit ist zu lang
online-challenge-reason-time-control = nicht mit dieser Bedenkzeit
online-challenge-reason-rated = nur ungewertete Partien
online-challenge-reason-casual = nur gewertete Partien
online-challenge-reason-no-bot = keine Partien gegen Bots
online-challenge-reason-only-bot = nur Partien gegen Bots
online-challenge-waiting = Warte auf die Antwort von { $name } auf deine Herausforderung
online-challenge-withdraw = Zurückziehen
online-challenge-declined = { $name } hat deine Herausforderung abgelehnt: { $reason }.
online-challenge-offline = { $name } ist nicht online: Deine Herausforderung wurde abgelehnt.
online-challenge-expired = { $name } hat nicht rechtzeitig auf deine Herausforderung geantwortet.
online-challenge-close = Schließen
