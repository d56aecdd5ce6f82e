# Die Seiten rund um die Spieler: Profile, Ranglisten und neues Passwort (static/player.html), die
# Turniere (static/tournament.html). Die Meldungen ihrer Skripte stehen in scripts-people.ftl.

people-loading = Wird geladen …

## static/player.html

people-title = { -brand }-Spieler
people-description = { -brand }-Spieler: Profile, Wertungen und Ranglisten.
people-ratings = Wertungen
people-category = Kategorie
people-deviation = Abweichung
people-rated-games = Gewertete Partien
people-rating-history = Wertungsverlauf
people-results = Ergebnisse
people-result = Ergebnis
people-download-all = Alle herunterladen (OGN)
people-ended = Ende
people-side = Seite
people-game = Partie
people-pages = Seiten
people-newer = Neuere
people-older = Ältere
people-played = Gespielt
people-puzzle = Aufgabe
people-leaderboard-note = Die besten 100 jeder Kategorie unter den Spielern mit fester Wertung, die in den letzten 30 Tagen gespielt haben.
people-reset-heading = Neues Passwort wählen
people-same-again = Passwort wiederholen
people-reset-submit = Passwort speichern
people-reset-done = Ihr Passwort ist gespeichert. Melden Sie sich damit an (oben rechts).

## static/tournament.html

people-t-title = { -brand }-Turniere
people-t-description = { -brand }-Turniere: Arenen und Turniere im Schweizer System, ihre Tabellen und Partien.
people-t-running = Laufend
people-t-upcoming = Demnächst
people-t-finished-heading = Beendet
people-t-create = Turnier erstellen
people-t-name = Name
people-t-kind = Art
people-t-kind-arena = Arena
people-t-kind-swiss = Schweizer System
people-t-minutes = Dauer in Minuten (Arena)
people-t-rounds = Runden (Schweizer System)
people-t-clock = Bedenkzeit in Minuten
people-t-increment = Zeitbonus in Sekunden
people-t-starts-in = Beginn in Minuten
people-t-create-button = Erstellen
people-t-berserk = Berserk
people-t-play = Zu Ihrer Partie
people-t-standings = Tabelle
people-t-prev = Vorige Plätze
people-t-next = Nächste Plätze
people-t-points = Punkte
people-t-round = Runde
people-board-tabs = Bestenlisten
people-board-people = Menschen
people-board-bots = Bots
