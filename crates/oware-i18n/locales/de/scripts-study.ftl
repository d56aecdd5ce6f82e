# The analysis board (static/js/study.js) and the board editor (static/js/editor.js). Pit and
# move letters (A–F, a–f), position text and evaluations (+1.50) are notation. $name is a
# player's name or a side (South, North).

study-south = Süd
study-north = Nord
study-engine-start = Analysieren
study-engine-stop = Engine anhalten
study-pit = { $pit }, { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}, Mulde von { $name }
study-store = Speicher von { $name }: { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}
study-to-move = { $name } ist am Zug.
study-over-win = Partie beendet: { $name } gewinnt, { $south }–{ $north }.
study-over-draw = Partie beendet: Remis, { $south }–{ $north }.
study-tables-none = Hier gibt es keine Werte: Die Endspieldatenbank deckt Stellungen mit wenigen Samen auf dem Brett ab.
study-why-other-row = { $name } ist am Zug: Spielen Sie eine Mulde aus der Reihe von { $name }.
study-tree-empty = Spielen Sie einen Zug auf dem Brett. Ein Zug aus einer früheren Stellung beginnt eine Variante.
study-move-label = Zug { $number }, { $name }: { $move }
study-engine-over = In dieser Stellung ist die Partie beendet.
study-engine-pv = { $line } (am besten für { $name })
study-engine-depth-done = { $depth } (fertig)
study-imported = Partie importiert: { $plies ->
    [one] { $plies } Zug
   *[other] { $plies } Züge
}.
study-copied = Link kopiert.
study-bad-link = Die Stellung dieses Links lässt sich nicht zeigen ({ $why }): Hier ist die Anfangsstellung.
editor-pit = { $pit }, { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}, Mulde von { $name }
editor-store = Speicher von { $name }: { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}
editor-left = Übrige Samen: { $left } von { $total }
editor-too-many = { $over ->
    [one] { $over } Samen zu viel
   *[other] { $over } Samen zu viel
}: Eine Partie hat { $total }.
editor-valid = Eine Partie kann diese Stellung erreichen: { $name } ist am Zug.
editor-refused = Keine Stellung einer Partie: { $why }
editor-bad-text = Das ist kein Stellungstext: zwölf Samenzahlen, zwei Speicher und S oder N, durch Bindestriche getrennt.
editor-copied = Stellungstext kopiert.
