# Zuschauen: TV, die laufenden Partien und das TV-Brett der Startseite (static/js/watch.js, static/js/miniboard.js, static/js/hometv.js).

watch-none = Auf diesem Kanal wird gerade keine Partie gespielt: Die nächste erscheint hier, sobald sie beginnt.
watch-none-list = Keine laufende Partie passt dazu.
watch-count = { $count ->
    [one] Eine laufende Partie
   *[other] { $count } laufende Partien
}
watch-page = Seite { $page } von { $pages }
watch-board-label = { $south } (Süd) gegen { $north } (Nord), nach { $ply ->
    [one] einem Zug
   *[other] { $ply } Zügen
}; { $turn } ist am Zug. Speicher: Süd { $south_store }, Nord { $north_store }.
watch-result-win = { $name } hat gewonnen. Gleich folgt die nächste Partie.
watch-result-draw = Remis. Gleich folgt die nächste Partie.
watch-result-none = Die Partie endete ohne Ergebnis. Gleich folgt die nächste Partie.
watch-eval-south = Süd { $score }
watch-eval-busy = Die Engine ist ausgelastet: Die Bewertung kommt mit dem nächsten Zug wieder.
watch-watch = Zuschauen

## Die Partiesuche des Profils (static/js/gamesearch.js)

search-none = Keine Partie gefunden.
search-hit-win = Gewonnen gegen { $opponent } in { $plies } Zügen, am { $date }
search-hit-draw = Remis gegen { $opponent } in { $plies } Zügen, am { $date }
search-hit-loss = Verloren gegen { $opponent } in { $plies } Zügen, am { $date }
