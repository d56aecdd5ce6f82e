# Die Skripte der Spielseite (static/js: main, dialogs, controls, board, status, movelist, state,
# game, clock, cycle, record, api).

## Die Namen: Der Server benennt die Seiten auf Englisch, die Seite zeigt sie in ihrer Sprache.
game-side-south = Süd
game-side-north = Nord
game-name-you = Sie
game-name-computer = Computer ({ $level })
game-level-easy = Leicht
game-level-medium = Mittel
game-level-hard = Schwer
game-level-expert = Experte

## Die Statuszeile über dem Brett
game-status-choose = Wählen Sie einen Gegner, um zu beginnen.
game-status-replay-start = Nachspielen: Ausgangsstellung
game-status-replay = Nachspielen: Stellung nach Zug { $ply }
game-status-open-invite = Warten auf einen Gegner: Schicken Sie den Einladungslink
game-status-seat-free = Ein Platz ist frei: Nehmen Sie ihn ein, um zu spielen
game-status-aborted = Partie abgebrochen
game-status-cancelled = Diese Herausforderung wurde zurückgezogen
game-status-your-move = Sie sind am Zug
game-status-waiting = Warten auf den Zug von { $name }
game-status-watching = { $name } ist am Zug · Sie schauen zu
game-status-over-you-win = Partie zu Ende: Sie gewinnen { $bottom }:{ $top }
game-status-over-wins = Partie zu Ende: { $name } gewinnt { $bottom }:{ $top }
game-status-over-draw = Partie zu Ende: Remis { $bottom }:{ $top }
game-status-thinking = { $name } denkt nach
game-status-your-turn = Sie sind am Zug: Wählen Sie eine Ihrer Mulden
game-status-to-move = { $name } ist am Zug

## Ein Zug in Worten (für Screenreader)
game-move-you = Sie spielen { $letter }: { $sown } Samen gesät.
game-move = { $name } spielt { $letter }: { $sown } Samen gesät.
game-move-you-capture = Sie spielen { $letter }: { $sown } Samen gesät, { $captured } aus { $pits } geschlagen.
game-move-capture = { $name } spielt { $letter }: { $sown } Samen gesät, { $captured } aus { $pits } geschlagen.
game-move-you-slam-capture = Sie spielen { $letter }: { $sown } Samen gesät, { $captured } aus { $pits } geschlagen (Grand Slam).
game-move-slam-capture = { $name } spielt { $letter }: { $sown } Samen gesät, { $captured } aus { $pits } geschlagen (Grand Slam).
game-move-you-slam = Sie spielen { $letter }: { $sown } Samen gesät (ein Grand Slam: nach diesen Regeln wird nichts geschlagen).
game-move-slam = { $name } spielt { $letter }: { $sown } Samen gesät (ein Grand Slam: nach diesen Regeln wird nichts geschlagen).

## Warum eine Mulde nicht gespielt werden kann
game-why-no-game = Beginnen Sie zuerst eine Partie.
game-why-replay = Sie sehen eine frühere Stellung: Kehren Sie zur Partie zurück, um zu spielen.
game-why-game-over = Die Partie ist zu Ende.
game-why-wait = Einen Moment: { $name } denkt nach.
game-why-computers-pit = Diese Mulde gehört dem Computer. Ihre Mulden sind die untere Reihe.
game-why-not-your-row = { $name } ist am Zug: Ziehen Sie aus einer Mulde der Reihe von { $name }.
game-why-empty-pit = Mulde { $pit } ist leer.
game-why-must-feed-you = Sie haben keine Samen mehr: Der Computer muss eine Mulde spielen, die Ihnen Samen gibt.
game-why-must-feed = { $name } hat keine Samen mehr: Sie müssen eine Mulde spielen, die { $name } Samen gibt.
game-why-grand-slam = Dieser Zug würde alle Samen Ihres Gegners schlagen (ein Grand Slam), was diese Regeln verbieten, solange es einen anderen Zug gibt.

## Die Beschriftungen des Bretts (Screenreader) und Tooltips
game-pit-label-you = { $letter }, { $count } Samen, Ihre Mulde
game-pit-label = { $letter }, { $count } Samen, Mulde von { $name }
game-pit-cannot = { $label } (nicht spielbar: { $why })
game-pit-played = { $label }, der gespielte Zug
game-pit-best = { $label }, der beste Zug laut Auswertung
game-store-label-you = Ihr Speicher: { $count } Samen geschlagen
game-store-label = Speicher von { $name }: { $count } Samen geschlagen
game-row-you = Ihre Mulden
game-row = Mulden von { $name }
game-captured-seeds = geschlagene Samen
game-score-final = { $total } insgesamt: { $captured } geschlagen, { $shared } vom Brett
game-egdb-exact = gewinnt { $lo } der { $total } Samen
game-egdb-range = gewinnt { $lo } bis { $hi } der { $total } Samen

## Die Zugliste
game-no-moves = Noch keine Züge.
game-movelist-move-you = Zug { $ply }: Sie haben { $move } gespielt. Diese Stellung zeigen.
game-movelist-move = Zug { $ply }: { $name } hat { $move } gespielt. Diese Stellung zeigen.
game-movelist-review-you = Zug { $ply }: Sie haben { $move } gespielt. { $verdict } Die Auswertung dieses Zuges zeigen.
game-movelist-review = Zug { $ply }: { $name } hat { $move } gespielt. { $verdict } Die Auswertung dieses Zuges zeigen.
game-class-best = Bester Zug.
game-class-good = Guter Zug.
game-class-inaccuracy = Ungenauigkeit.
game-class-mistake = Fehler.
game-class-blunder = Grober Fehler.

## Unter dem Brett, die Notation
game-replay-start = Ausgangsstellung
game-replay-after = Stellung nach Zug { $ply }
game-rules-standard = Abapa (Standard)
game-copied-position = Stellung als Text kopiert.
game-copied-ogn = OGN-Notation kopiert.
game-ogn-unavailable = Die OGN-Notation konnte nicht geladen werden. Bitte erneut versuchen.

## Die Uhren (Screenreader)
game-clock-you = Ihre Uhr: { $time }
game-clock-you-running = Ihre Uhr: { $time }, läuft
game-clock = Uhr von { $name }: { $time }
game-clock-running = Uhr von { $name }: { $time }, läuft

## Meldungen unter dem Brett
game-new-computer-you-start = Neue Partie gegen den Computer ({ $level }). Sie beginnen.
game-new-computer-starts = Neue Partie gegen den Computer ({ $level }). Der Computer beginnt.
game-new-friend = Neue Partie gegen einen Freund. { $name } beginnt.
game-imported-over = Partie importiert: Sie geht nach Zug { $ply } weiter. Sie ist schon zu Ende.
game-imported-you-move = Partie importiert: Sie geht nach Zug { $ply } weiter. Sie sind am Zug.
game-imported-computer-moves = Partie importiert: Sie geht nach Zug { $ply } weiter. Der Computer zieht als Nächster.
game-imported-to-move = Partie importiert: Sie geht nach Zug { $ply } weiter. { $name } ist am Zug.
game-welcome-back = Willkommen zurück: Ihre Partie steht, wo Sie aufgehört haben.
game-undone = Zug zurückgenommen.
game-redone = Zug wiederhergestellt.
game-online-missing = { $error } Beginnen Sie eine neue Partie oder wählen Sie eine Herausforderung aus der Lobby auf der Startseite.
game-error-unreachable = Der Server ist nicht erreichbar. Läuft `oware serve` noch?
game-error-status = Der Server antwortete mit { $status }.
game-rated-note-account = Standardregeln mit Uhr; beide Spieler brauchen ein Konto
game-rated-note-guest = melden Sie sich an, um gewertete Partien zu spielen (Standardregeln, mit Uhr)

## Eine Partie an einem Gerät als Zyklus beenden
game-cycle-proposes = { $name } schlägt vor, die Partie zu beenden: Die Stellung wiederholt sich endlos (jeder nimmt die Samen seiner Reihe).
game-cycle-ask = { $name } schlägt vor, die Partie zu beenden: Die Stellung wiederholt sich endlos (jeder nimmt die Samen seiner Reihe). { $other }, sind Sie einverstanden?
game-cycle-declined = Es geht weiter: Der Vorschlag wurde abgelehnt.
game-cycle-computer-moves = Es geht weiter: Der Computer zieht.
game-cycle-considers = Der Computer prüft Ihren Vorschlag …
game-cycle-computer-agrees = Der Computer stimmt zu: Die Partie endet, und jeder nimmt die Samen seiner Reihe.
game-cycle-computer-declines = Der Computer lehnt ab: Er glaubt, durch Weiterspielen mehr herauszuholen.

## Das Ende der Partie
game-over-aborted = Partie abgebrochen
game-over-draw = Remis
game-over-you-win = Sie haben gewonnen!
game-over-computer-wins = Der Computer hat gewonnen
game-over-wins = { $name } hat gewonnen!
game-over-opponent-wins = { $name } hat gewonnen
game-over-announce = Partie zu Ende. { $title } { $bottom } zu { $top }. { $reason }
game-end-capture-you = Sie haben mehr als die Hälfte der 48 Samen geschlagen.
game-end-capture = { $name } hat mehr als die Hälfte der 48 Samen geschlagen.
game-end-draw = Beide Spieler haben 24 Samen geschlagen.
game-end-no-feed-you = Sie konnten nicht ziehen oder dem Gegner keine Samen geben. Jeder nimmt die Samen, die auf seiner Reihe liegen.
game-end-no-feed = { $name } konnte nicht ziehen oder dem Gegner keine Samen geben. Jeder nimmt die Samen, die auf seiner Reihe liegen.
game-end-cycle-third = Dieselbe Stellung kam zum dritten Mal vor, daher ist die Partie zu Ende. Jeder nimmt die Samen, die auf seiner Reihe liegen.
game-end-cycle-third-even = Dieselbe Stellung kam zum dritten Mal vor, daher ist die Partie zu Ende. Die übrigen Samen wurden gleich geteilt.
game-end-cycle-first = Dieselbe Stellung kam wieder vor, daher ist die Partie zu Ende. Jeder nimmt die Samen, die auf seiner Reihe liegen.
game-end-cycle-first-even = Dieselbe Stellung kam wieder vor, daher ist die Partie zu Ende. Die übrigen Samen wurden gleich geteilt.
game-end-time = { $name } hat die Zeit überschritten.
game-end-resign = { $name } hat aufgegeben.
game-end-agreement = Die Spieler haben sich auf Remis geeinigt.
game-end-agreed-cycle = Die Spieler waren sich einig, dass sich die Partie endlos wiederholt: Jeder nimmt die Samen seiner Reihe.
game-end-abandon = { $name } hat die Partie verlassen, und { $winner } hat den Sieg beansprucht.
game-end-abandon-draw = Ein Spieler hat die Partie verlassen, und der andere hat sie für remis erklärt.
game-end-aborted = Die Partie wurde abgebrochen, bevor beide Spieler gezogen hatten: Sie zählt nicht.
game-end-rating = Wertung:
game-end-rating-of = { $name } { $rating }
