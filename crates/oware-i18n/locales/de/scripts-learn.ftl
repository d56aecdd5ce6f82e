# Die Meldungen der Skripte der Lektionen und der Aufgaben (static/js/learn.js, counting.js,
# learncard.js, training.js), als JSON unter /i18n/{lang}.

## Wörter, die die Seite der Lektionen und ihr Skript teilen.

learn-continue = Weitermachen, wo du aufgehört hast
learn-back = Zurück zu den Lektionen
learn-next-step = Nächster Schritt

## Die Lektionen (learn.js).

learn-saved-account = Deine Sterne werden in deinem Konto gespeichert.
learn-saved-browser = Deine Sterne werden in diesem Browser gespeichert ({ $error })
learn-list-stars = { $count ->
    [one] { $count } von { $total } Sternen
   *[other] { $count } von { $total } Sternen
}
learn-list-done = Geschafft · { $count ->
    [one] { $count } von { $total } Sternen
   *[other] { $count } von { $total } Sternen
}
learn-store-north = Speicher von Nord: { $count }
learn-store-south = Dein Speicher: { $count }
learn-step-title = Schritt { $step } von { $steps }: { $title }
learn-step-again = Der Schritt beginnt von vorn. { $task }
learn-step-done = Schritt geschafft: { $count ->
    [one] { $count } von 3 Sternen
   *[other] { $count } von 3 Sternen
} { $stars }.
learn-next-lesson = Nächste Lektion
learn-hint-said = Tipp: { $hint }
learn-tap-done = Dieser Schritt ist geschafft: Tipp auf „{ $next }“.

## Die Mulden des Bretts und der Zähltrainer (counting.js).

learn-pit-north = { $pit }, { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}, Mulde von Nord
learn-pit-north-changed = { $pit }, { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}, Mulde von Nord, gerade geändert
learn-pit-yours = { $pit }, { $seeds } { $count ->
    [one] Samen
   *[other] Samen
}, deine Mulde
learn-pit-yours-changed = { $pit }, { $seeds } { $count ->
    [one] Samen
   *[other] Samen
}, deine Mulde, gerade geändert
learn-count-question = Mulde { $pit } deiner Reihe wird gesät. Wo landet der letzte Samen, und wie viele Samen liegen dann dort?
learn-count-has = Mulde { $pit } hat { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}.
learn-count-left = noch { $count } s
learn-count-late = Die Zeit ist um.
learn-count-right = Richtig!
learn-count-wrong = Nicht ganz.
learn-count-cannot-check = Diese Frage ließ sich nicht prüfen. Hier ist eine neue.
learn-count-your-pit = Deine Mulde { $pit }
learn-count-north-pit = Mulde { $pit } von Nord

## Die Aufgaben (training.js).

learn-tr-heading = Aufgaben
learn-tr-streak-title = Aufgabenserie
learn-tr-daily = Aufgabe des Tages, { $date }
learn-tr-streak = Serie: { $count } (Bestwert { $best })
learn-tr-rating = Aufgabenwertung: { $rating }
learn-tr-rating-guest = Aufgabenwertung: { $rating } (in diesem Browser gespeichert)
learn-tr-your-pit = { $pit }, { $count } Samen, deine Mulde (Taste { $key })
learn-tr-their-pit = { $pit }, { $count } Samen, Mulde des Gegners
learn-tr-their-store = Speicher des Gegners, { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}
learn-tr-your-store = Dein Speicher, { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}
learn-tr-not-now = Mulde { $pit } kann jetzt nicht gespielt werden.
learn-tr-not-yours = Mulde { $pit } kann jetzt nicht gespielt werden: Sie gehört deinem Gegner.
learn-tr-right = Richtig: { $move }. Dein Gegner antwortet { $reply }. Du bist dran.
learn-tr-solved = Gelöst!
learn-tr-failed = { $move } ist es nicht: Der richtige Zug war { $expected }.
learn-tr-rating-change = Wertung { $diff }.
learn-tr-not-rated = (Schon gespielt: nicht gewertet.)
learn-tr-unrated-not-served = (Nicht gewertet: Diese Aufgabe wurde nicht hier geöffnet. Lade sie neu, um sie gewertet zu spielen.)
learn-tr-unrated-too-fast = (Nicht gewertet: schneller gespielt, als ein Mensch es kann.)
learn-tr-unrated-too-many = (Nicht gewertet: genug gewertete Aufgaben in dieser Minute.)
learn-tr-unrated-offline = (Nicht gewertet: offline gespielt. Dein Konto bekommt die Aufgabe, sobald das Netz wieder da ist.)
learn-tr-explain-takes = { $move } schlägt sofort { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}.
learn-tr-explain-quiet = { $move } schlägt sofort nichts.
learn-tr-explain-line = Die ganze Variante gewinnt { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
} mehr als der Gegner.
learn-tr-explain-refute = Nach { $move } schlägt der Gegner mit { $reply } { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}.
learn-tr-streak-now = Serie: { $count }.
learn-tr-streak-ends = Die Serie endet bei { $count }.
learn-tr-step-through = Geh die Lösung mit ◀ ▶ durch.
learn-tr-start = Anfang (Lösung { $line })
learn-tr-move-of = Zug { $n } von { $total }: { $move }
learn-tr-info = Aufgabe { $id } · Wertung { $rating } · { $count ->
    [one] { $count } Zug zu finden
   *[other] { $count } Züge zu finden
}
learn-tr-you-play-south = Du spielst Süd (die untere Reihe). Finde den besten Zug: Tippe auf eine Mulde oder drücke 1–6.
learn-tr-you-play-north = Du spielst Nord (die untere Reihe). Finde den besten Zug: Tippe auf eine Mulde oder drücke 1–6.
learn-tr-voted-up = Danke! Du findest die Aufgabe gut.
learn-tr-voted-down = Danke! Du findest die Aufgabe nicht gut.
learn-tr-login-to-vote = Melde dich an, um abzustimmen.

## Die Themen der Aufgaben, nach dem Code, den der Server schickt (docs/puzzles.md).

learn-theme-capture-chain = Schlagkette
learn-theme-grand-slam = Grand Slam
learn-theme-feeding-forced = Füttern erzwungen
learn-theme-big-pit = große Mulde
learn-theme-endgame-exact = exaktes Endspiel
learn-theme-defend = Verteidigung
learn-theme-cycle = Kreislauf
