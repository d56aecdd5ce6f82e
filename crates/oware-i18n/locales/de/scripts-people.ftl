# Die Skripte rund um die Spieler: das Konto in der Kopfzeile (static/js/account.js), die Profile
# und Ranglisten (static/js/players.js), die Turniere (static/js/tournament.js).

## Die Wertungskategorien (account.js, von den Seiten mit Wertungen geteilt)

people-cat-blitz = Blitz
people-cat-rapid = Schnellspiel
people-cat-correspondence = Fernspiel

## Das Konto in der Kopfzeile und seine Dialoge (account.js)

people-login = Anmelden
people-signup = Registrieren
people-signup-title = Konto erstellen
people-to-signup = Noch kein Konto? Registrieren
people-to-login = Schon ein Konto? Anmelden
people-signup-intro = Ein Name aus 2–20 Buchstaben, Ziffern, _ oder -; ein Passwort mit mindestens 8 Zeichen. Auch ohne Konto können Sie ungewertete Partien spielen.
people-field-name = Benutzername
people-field-password = Passwort
people-field-current = Aktuelles Passwort
people-field-new = Neues Passwort
people-cancel = Abbrechen
people-password-title = Passwort ändern
people-password-ok = Ändern
people-password-changed = Passwort geändert.
people-close-title = Konto schließen
people-close-ok = Mein Konto schließen
people-close-intro = Ihre Partien bleiben erhalten und stehen weiter unter Ihrem Namen, als geschlossen markiert. Sie können sich danach nicht mehr anmelden.
people-closed = Konto geschlossen. Seine Partien bleiben unter seinem Namen erhalten.
people-logged-out = Abgemeldet.
people-logged-out-all = Auf allen Geräten abgemeldet.
people-menu-profile = Profil
people-menu-leaderboard = Rangliste
people-menu-logout = Abmelden
people-menu-logout-all = Überall abmelden
people-menu-tokens = API-Tokens (Bots)

## Profile, Ranglisten, neues Passwort (players.js)

people-result-win = Sieg
people-result-draw = Remis
people-result-loss = Niederlage
people-filter-all = Alle
people-filter-wins = Siege
people-filter-draws = Remis
people-filter-losses = Niederlagen
people-side-south = Süd
people-side-north = Nord
people-graph-empty = Noch keine gewerteten Partien.
people-graph-legend = { $category }: { $count ->
    [one] { $count } Partie
   *[other] { $count } Partien
}, zuletzt { $rating }
people-graph-label = Wertungsverlauf: { $series }
people-graph-series = { $category } von { $from } auf { $to }
people-puzzles-rated = Aufgabenwertung { $rating }: { $solved } gelöst, { $failed } nicht gelöst.
people-puzzles = { $solved } gelöst, { $failed } nicht gelöst.
people-puzzle-solved = Gelöst
people-puzzle-failed = Nicht gelöst
people-account-closed = (Konto geschlossen)
people-since = Spielt seit dem { $date }.
people-record = { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
}: { $wins } gewonnen, { $draws } remis, { $losses } verloren.
people-lessons = Abgeschlossene Lektionen: { $count } ({ $list }).
people-lessons-none = Noch keine Lektion abgeschlossen.
people-replay = Nachspielen
people-replay-label = Die Partie vom { $date } nachspielen und analysieren
people-rated = gewertet
people-casual = ungewertet
people-games-none = Noch keine Partien.
people-games-no-more = Keine weiteren Partien.
people-page = Seite { $page }
people-t-page = Seite { $page } von { $pages }
people-leaderboard-title = Rangliste · Oware
people-board-empty = Noch keine Spieler mit fester Wertung.
people-col-player = Spieler
people-col-rating = Wertung
people-col-games = Partien
people-reset-title = Neues Passwort · Oware
people-reset-no-token = Dieser Link enthält kein Token: Bitten Sie den Betreiber um einen neuen.
people-reset-differ = Die beiden Passwörter stimmen nicht überein.
people-nothing-here = Hier gibt es nichts. Das Spiel finden Sie auf der Startseite.

## Turniere (tournament.js)

people-t-arena = Arena, { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
}
people-t-swiss = Schweizer System, { $rounds ->
    [one] { $rounds } Runde
   *[other] { $rounds } Runden
}
people-t-info = { $kind } · { $clock } · gewertet · { $players } Spieler
people-t-info-max = { $kind } · { $clock } · gewertet · { $players } Spieler (höchstens { $max })
people-t-none = Keine.
people-t-doc-title = { $name } · Oware-Turniere
people-t-starts = Beginnt am { $date }
people-t-running-since = Läuft seit dem { $date }
people-t-finished = Beendet; begonnen am { $date }
people-t-ends = endet am { $date }
people-t-round-of = Runde { $round } von { $rounds }
people-t-bye = spielfrei: { $name }
people-t-byes = Spielfrei (ein Punkt ohne Partie): { $list }
people-t-bye-round = Runde { $round }: { $name }
people-t-join = Teilnehmen
people-t-come-back = Zurückkehren
people-t-pause = Pausieren
people-t-withdraw = Zurückziehen
people-t-podium = Podium: { $list }
people-t-games-points = Partien (Punkte je Partie)
people-t-tiebreaks = Buchholz · SB
people-t-on-fire = Siegesserie
people-t-on-fire-next = Siegesserie: Der nächste Sieg zählt doppelt
people-t-doubled = Siegesserie: doppelte Punkte
people-t-state = ({ $state ->
    [paused] pausiert
    [withdrawn] zurückgezogen
   *[other] { $state }
})
people-t-aborted = abgebrochen
people-t-playing = läuft
people-t-watch = ansehen
people-t-nothing = Hier gibt es nichts.
