# Die Lektionen und die Aufgaben: die Vorlagen learn.html und training.html, die Texte der
# Lektionen (crates/oware-lessons) und `oware learn`. Die Meldungen der Skripte stehen in
# scripts-learn.ftl.

## Die Seite der Aufgaben (static/training.html).

learn-puzzles-title = Oware-Aufgaben
learn-puzzles-description = Oware-Aufgaben: Finde den einen guten Zug, gewertet wie eine Partie; dazu die Aufgabe des Tages und eine Serie.
learn-puzzles-skip = Zum Brett springen
learn-puzzles-heading = Aufgaben
learn-puzzles-rating-none = Aufgabenwertung: –
learn-puzzles-theme = Thema
learn-puzzles-theme-any = Alle
learn-puzzles-streak-mode = Serie
learn-puzzles-loading = Wird geladen…
learn-puzzles-board = Brett der Aufgabe
learn-puzzles-store = Speicher
learn-puzzles-their-pits = Mulden des Gegners
learn-puzzles-your-pits = Deine Mulden: Tasten 1 bis 6
learn-puzzles-step-back = In der Lösung einen Zug zurück
learn-puzzles-step-forward = In der Lösung einen Zug vor
learn-puzzles-vote-up = Aufgabe gut finden
learn-puzzles-vote-down = Aufgabe schlecht finden
learn-puzzles-next = Nächste Aufgabe

## Die Seite der Lektionen (static/learn.html).

learn-page-title = Oware lernen
learn-page-description = Oware spielen lernen: kurze Lektionen auf dem Brett, vom ersten Säen bis zum Ende einer Partie, und ein Zähltrainer.
learn-page-heading = Oware spielen lernen
learn-page-intro = Kurze Lektionen auf dem echten Brett. Jeder Schritt hat ein Ziel: Spiel eine Mulde und schau, was passiert. Lass dir Zeit: Du kannst es so oft versuchen, wie du willst.
learn-count-heading = Zähltrainer
learn-count-intro = Wo landet der letzte Samen, und wie viele Samen liegen dann dort? Übe das Zählen, mit oder ohne Uhr.
learn-count-start = Zählen üben
learn-goal = Ziel:
learn-board = Brett
learn-north-row = Reihe von Nord
learn-your-row = Deine Reihe
learn-keys = Tasten:
learn-keys-play = deine Mulden A bis F spielen
learn-keys-hint = Tipp
learn-keys-retry = noch einmal
learn-hint-button = Tipp
learn-agree-button = Gemeinsam aufhören
learn-retry-button = Noch einmal
learn-more = Mehr dazu
learn-count-timed = Mit Uhr (20 Sekunden pro Frage)
learn-count-landing = Der letzte Samen landet in
learn-count-seeds = Samen in dieser Mulde
learn-count-check = Prüfen
learn-count-score = Punkte:
learn-count-level = Stufe
learn-count-next = Nächste Frage

## Die Erklärungen zu jedem Zug in den Lektionen (crates/oware-lessons, src/check.rs), gesagt von
## /api/learn/{lesson}/{step}/move und `oware learn`. „Nord“ ist der Gegner des Lernenden.

learn-list = { $first } und { $last }
learn-you-sowed = { $count ->
    [one] Du hast { $count } Samen aus { $from } gesät, er liegt jetzt in { $pits }.
   *[other] Du hast { $count } Samen aus { $from } gesät: je einen in { $pits }.
}
learn-north-sowed = { $count ->
    [one] Nord hat { $count } Samen aus { $from } gesät, er liegt jetzt in { $pits }.
   *[other] Nord hat { $count } Samen aus { $from } gesät: je einen in { $pits }.
}
learn-you-sowed-round = Du hast { $count } Samen aus { $from } gesät, je einen in jede Mulde, von { $first } einmal herum bis { $last }.
learn-north-sowed-round = Nord hat { $count } Samen aus { $from } gesät, je einen in jede Mulde, von { $first } einmal herum bis { $last }.
learn-skipped = Bei 12 Samen oder mehr wird { $from } übersprungen, die Mulde, aus der die Samen kamen.
learn-last-your-side = Der letzte Samen ist in { $pit } gelandet, auf deiner Seite; { $count ->
    [one] dort liegt jetzt { $count } Samen.
   *[other] dort liegen jetzt { $count } Samen.
}
learn-last-north-side = Der letzte Samen ist in { $pit } gelandet, auf der Seite von Nord; { $count ->
    [one] dort liegt jetzt { $count } Samen.
   *[other] dort liegen jetzt { $count } Samen.
}
learn-grand-slam = Damit wären alle Samen der anderen Seite weg: ein Grand Slam. Er ist erlaubt, schlägt aber nichts.
learn-you-captured = Du hast { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
} aus { $pits } geschlagen.
learn-north-captured = Nord hat { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
} aus { $pits } geschlagen.
learn-no-capture = { $count } ist weder 2 noch 3, also wird nichts geschlagen.
learn-you-fed = Nord hatte keine Samen, und dieser Zug hat ihm welche gegeben.
learn-north-fed = Du hattest keine Samen, und dieser Zug hat dir welche gegeben.
learn-end-capture = Ein Spieler hat 25 Samen oder mehr: Die Partie ist zu Ende.
learn-end-draw = Beide Spieler haben 24 Samen: Die Partie ist zu Ende.
learn-end-no-feed = Der Spieler am Zug kann der anderen Seite keine Samen geben: Die Partie ist zu Ende, und jeder nimmt die Samen seiner Reihe.
learn-end-cycle = Die Samen liefen im Kreis, und die Spieler haben sich aufs Aufhören geeinigt: Jeder nimmt die Samen seiner Reihe.
learn-end-you-win = Endstand { $you } zu { $north }. Du gewinnst!
learn-end-north-wins = Endstand { $you } zu { $north }. Nord gewinnt.
learn-end-drawn = Endstand { $you } zu { $north }. Unentschieden.
learn-illegal-empty = Mulde { $pit } ist leer: Es gibt nichts zu säen. Wähl eine Mulde mit Samen.
learn-illegal-must-feed = Nord hat keine Samen, also musst du ihm welche geben: Die aus { $pit } kommen nicht hinüber. Wähl eine andere Mulde.
learn-illegal-over = Die Partie ist schon zu Ende.
learn-illegal-other = Mulde { $pit } kann hier nicht gespielt werden.
learn-miss-land-in = Dein letzter Samen muss in { $pit } landen; er ist in { $landed } gelandet.
learn-miss-capture = Das Ziel ist, mit einem Zug { $goal } Samen oder mehr zu schlagen; dieser Zug hat { $count } geschlagen.
learn-miss-grand-slam = Dieser Zug erreicht nicht alle Samen von Nord.
learn-miss-feed = Nord hat immer noch keine Samen.
learn-miss-not-over = Die Partie ist noch nicht zu Ende.
learn-miss-win = Die Partie ist zu Ende, aber du hast sie nicht gewonnen.
learn-miss-draw = Die Partie ist zu Ende, aber nicht 24 zu 24.
learn-miss-agree-share = Wenn du jetzt aufhörst, bekommst du nicht deinen Anteil.
learn-miss-agree-instead = Die Samen laufen nur im Kreis. Hier ist das Ziel, sich mit Nord aufs Aufhören zu einigen.
learn-miss-pit-holds = Deine größte Mulde hat { $count } Samen; das Ziel ist eine Mulde mit { $goal } oder mehr.
learn-miss-safe = Jetzt kann Nord schlagen: { $threats }.
learn-threat = { $pit } würde { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
} schlagen
learn-north-replied = { $captured ->
    [0] Nord hat mit { $pit } geantwortet. Du bist dran.
   *[other] Nord hat mit { $pit } geantwortet und { $captured } Samen geschlagen. Du bist dran.
}
learn-your-move = Du bist dran.
learn-miss-moves-left = Jetzt { $count ->
    [0] hat keine deiner Mulden mehr Samen
    [one] hat nur noch { $count } deiner Mulden Samen
   *[other] haben nur noch { $count } deiner Mulden Samen
}; das Ziel ist, { $goal } zu behalten.
learn-miss-side-not-empty = Du hast noch { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
} auf deiner Seite.
learn-miss-cannot-feed = Nord kann dir keine Samen geben, also ist die Partie zu Ende.
learn-miss-not-agree = In diesem Schritt spielst du eine Mulde, statt aufzuhören.
learn-agreed = Du und Nord habt euch geeinigt, die Partie zu beenden.
learn-cannot-agree = Hier kannst du dich nicht aufs Aufhören einigen.
learn-try-again = Versuch es noch einmal.

## Die Antwort des Zähltrainers (/api/learn/count).

learn-count-explained = { $pit } hat { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}: Der letzte landet in { $landing }, dort liegen dann { $seeds }.
learn-count-skipped = ({ $pit } selbst wird übersprungen.)

## `oware learn`, die Lektionen im Terminal (crates/oware-cli/src/cmd/learn.rs).

learn-cli-cannot-read = (der Fortschritt in { $path } kann nicht gelesen werden: Es geht von vorn los)
learn-cli-cannot-keep = (der Fortschritt kann nicht in { $path } gespeichert werden: { $error })
learn-cli-line-too-long = Diese Zeile ist zu lang.
learn-cli-list = Lektionen (deine Sterne, höchstens 3 pro Schritt):
learn-cli-done = fertig
learn-cli-stars = { $count }/{ $total } Sterne
learn-cli-step = == { $lesson } - Schritt { $step } von { $steps }: { $title }
learn-cli-goal = Ziel: { $task }
learn-cli-word-hint = tipp
learn-cli-word-agree = einigen
learn-cli-word-quit = ende
learn-cli-move = Dein Zug (A-F oder 1-6, { $hint }, { $agree }, { $quit }):{" "}
learn-cli-bad-move = „{ $move }“ ist kein Zug: Gib eine Mulde A bis F (oder 1 bis 6), { $hint }, { $agree } oder { $quit } ein.
learn-cli-hint = Tipp: { $hint }
learn-cli-step-done = Schritt geschafft: { $stars }
learn-cli-again = (Der Schritt beginnt von vorn.)
learn-cli-lesson = Lektion { $number }: { $title }
learn-cli-complete = Lektion geschafft: { $title } ({ $count } von { $total } Sternen).
learn-cli-no-lesson = keine Lektion { $choice }: Gib eine Nummer von 1 bis { $count } oder einen Namen an (oware learn listet sie auf)
learn-cli-choose = Lektion (eine Nummer, oder { $quit }):{" "}
learn-cli-type-number = Gib eine Lektionsnummer von 1 bis { $count } ein.
learn-cli-bye = Tschüss! Deine Sterne bleiben für das nächste Mal gespeichert.
