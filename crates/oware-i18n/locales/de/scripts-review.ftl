# Die Auswertung der Partie und das Feld Analyse (static/js/review.js, static/js/analysis.js),
# dazu die Erklärungen der Auswertung, die der Server als Code mit Fakten schickt
# (docs/review.md): Die Seite formuliert sie hier. Buchstaben der Mulden und Züge, Symbole
# (?!, ?, ??) und Bewertungen (+1.50) sind Notation. $name ist ein Spielername oder eine Seite
# (Süd, Nord).

## Das Feld der Auswertung
review-running = Die Partie wird ausgewertet …
review-running-spoken = Die Partie wird ausgewertet.
review-failed = Die Auswertung ist fehlgeschlagen: { $error }
review-engine-failed = Der Computer dieser Seite konnte nicht rechnen ({ $error }). Laden Sie die Seite neu, um es noch einmal zu versuchen.
review-ready = Auswertung fertig. Präzision: { $south } { $southAccuracy } %, { $north } { $northAccuracy } %. Wählen Sie einen Zug in der Liste oder im Diagramm.
review-progress = Auswertung: { $done } von { $total ->
    [one] { $total } Zug
   *[other] { $total } Zügen
}
review-outdated = Die Partie hat sich seit dieser Auswertung geändert: Werten Sie sie erneut aus, um alle Züge zu sehen.
review-hint = Wählen Sie einen Zug in der Liste oder im Diagramm (mit ← → von Zug zu Zug).
review-graph-label = Bewertungsdiagramm: der Vorsprung von { $south } in Samen nach jedem Zug oberhalb der Mittellinie, der von { $north } darunter. Klicken Sie, um einen Zug zu sehen.
review-col-player = Spieler
review-col-accuracy = Präzision
review-col-best = Beste
review-col-good = Gute
review-accuracy = { $accuracy } %
review-move = Zug { $number }: { $name } spielte { $move }{ $symbol }.
review-class-best = Bester Zug
review-class-good = Guter Zug
review-class-inaccuracy = Ungenauigkeit
review-class-mistake = Fehler
review-class-blunder = Patzer
review-lost = { $seeds } Samen verloren.
review-values-best = { $move } { $value }.
review-values-only = { $move } { $value } (der einzige gute Zug).
review-values = { $move } { $value }; am besten { $best } { $bestValue }.

## Werte (der Auswertung und des Programms)
review-value-exact = { $margin } genau
review-value-win = Gewinn
review-value-loss = Verlust
review-value-win-in = Gewinn in { $plies }
review-value-loss-in = Verlust in { $plies }
review-value-proven-win = bewiesener Gewinn
review-value-proven-loss = bewiesener Verlust

## Die Sätze der Erklärungen, einer je Code. $side und $opponent sind S oder N; $pits, $moves
## und $left sind Listen, die die Seite schon verbunden hat; $value und $after sind Werte.
review-left-first = { $pit } mit { $seeds } Samen
review-left-more = { $pit } mit { $seeds }
review-note-missed-win = { $side ->
    [N] Nord
   *[S] Süd
} hatte einen bewiesenen Gewinn ({ $value } mit { $best }) und hat ihn verschenkt: Nach { $move } { $result ->
    [draw] ist es nur noch remis
    [loss] ist die Partie verloren
   *[win] ist sie gewonnen
}.
review-note-missed-win-eval = { $side ->
    [N] Nord
   *[S] Süd
} hatte einen bewiesenen Gewinn ({ $value } mit { $best }) und hat ihn verschenkt: Nach { $move } nur noch { $after }.
review-note-best-captures = Am besten war { $move }: { $move } schlägt { $pits }, zusammen { $seeds } Samen.
review-note-best-captures-kroo = Am besten war { $move }: { $move }, ein Kroo mit { $sown } Samen, schlägt { $pits }, zusammen { $seeds } Samen.
review-note-best-line = Am besten war { $move } ({ $value }), Fortsetzung { $line }.
review-note-allowed-next = { $move } ließ { $left } stehen: { $side ->
    [N] Nord
   *[S] Süd
} schlug im nächsten Zug mit { $reply } { $seeds } Samen.
review-note-allowed-can = { $move } ließ { $left } stehen: { $side ->
    [N] Nord
   *[S] Süd
} kann mit { $reply } { $seeds } Samen schlagen.
review-note-kroo-sown = { $move } säte einen Kroo mit { $sown } Samen einmal rund ums Brett.
review-note-kroo-sown-capture = { $move } säte einen Kroo mit { $sown } Samen einmal rund ums Brett und schlug dabei { $seeds } Samen.
review-note-kroo-built = { $move } baute einen Kroo: { $pit } hat { $seeds } Samen, genug für eine Runde ums Brett.
review-note-kroo-missed-sown = Verpasst: { $move } hätte einen Kroo mit { $sown } Samen einmal rund ums Brett gesät.
review-note-kroo-missed-sown-capture = Verpasst: { $move } hätte einen Kroo mit { $sown } Samen einmal rund ums Brett gesät und dabei { $seeds } Samen geschlagen.
review-note-kroo-missed-built = Verpasst: { $move } hätte einen Kroo gebaut ({ $pit } mit { $seeds } Samen, genug für eine Runde ums Brett).
review-note-forced-feed = Die Reihe von { $opponent ->
    [N] Nord
   *[S] Süd
} war leer: { $side ->
    [N] Nord
   *[S] Süd
} musste ihr Samen geben, und nur { $moves } { $count ->
    [one] reichte
   *[other] reichten
} hinüber.
review-note-only-legal = { $move } war der einzige erlaubte Zug.
review-note-only-move = { $move } war der einzige Zug: Jeder andere kostet mindestens { $seeds } Samen.

## Das Feld Analyse und der Tipp
review-hint-looking = Suche einen guten Zug …
review-hint-found = Tipp: Versuchen Sie { $move } ({ $score } für Sie).
review-analysis-over = Die Partie ist vorbei.
review-analysis-players = Keine Analyse für die Spieler, solange die Partie läuft.
review-analysis-start = Analyse
review-analysis-stop = Stopp
review-analysis-score-title = für { $name }, am Zug
review-analysis-line = { $line }  ({ $name } am Zug)
review-analysis-depth-done = { $depth } (fertig)
review-egdb-you = { $move }: Sie gewinnen { $seeds } der { $total ->
    [one] { $total } Samen
   *[other] { $total } Samen
}
review-egdb-you-range = { $move }: Sie gewinnen { $low } bis { $high } der { $total ->
    [one] { $total } Samen
   *[other] { $total } Samen
}
review-egdb = { $move }: { $name } gewinnt { $seeds } der { $total ->
    [one] { $total } Samen
   *[other] { $total } Samen
}
review-egdb-range = { $move }: { $name } gewinnt { $low } bis { $high } der { $total ->
    [one] { $total } Samen
   *[other] { $total } Samen
}
review-egdb-building = Endspieldatenbank: wird erstellt (bis { $target } Samen)
review-egdb-building-ready = Endspieldatenbank: wird erstellt (bis { $target } Samen; 0–{ $ready } Samen fertig)
