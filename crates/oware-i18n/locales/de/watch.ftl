# Zuschauen: TV und laufende Partien (static/watch.html). Die Meldungen der Skripte stehen in scripts-watch.ftl.

watch-title = { -brand }-TV und laufende Partien
watch-description = Sehen Sie die beste { -brand }-Partie, die gerade gespielt wird, oder wählen Sie eine beliebige laufende Partie.
watch-tv = { -brand }-TV
watch-channels = Kanäle
watch-channel-best = Beste Partie
watch-channel-bots = Bots
watch-channel-tournament = Turnier
watch-eval = Bewertung
watch-open = Partie öffnen
watch-all-games = Alle laufenden Partien
watch-games = Laufende Partien
watch-filter-clock = Bedenkzeit
watch-filter-any = Alle
watch-clock-blitz = Blitz
watch-clock-rapid = Schnellspiel
watch-clock-correspondence = Fernspiel
watch-clock-none = Ohne Uhr
watch-filter-rated = Gewertet
watch-rated = Gewertet
watch-casual = Ungewertet
watch-filter-bots = Bots
watch-bots-with = Mit Bots
watch-bots-without = Ohne Bots
watch-bots-only = Nur Bots
watch-prev = Zurück
watch-next = Weiter
watch-home-tv = Jetzt im { -brand }-TV

## Die Partiesuche des Profils (static/player.html)

search-title = Partien durchsuchen
search-opponent = Gegner
search-result = Ergebnis
search-win = Gewonnen
search-draw = Remis
search-loss = Verloren
search-ending = Ende
search-ending-capture = Schlagen
search-ending-cycle = Zyklus
search-ending-agreement = Einigung
search-ending-time = Zeit
search-ending-resign = Aufgabe
search-opening = Erste Züge
search-go = Suchen
