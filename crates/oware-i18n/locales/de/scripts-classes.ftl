# Die Meldungen der Skripte der Klassen und Arbeitsblätter (static/js/class.js, worksheet.js).

classes-s-pupils = { $count ->
    [one] 1 Kind
   *[other] { $count } Kinder
}
classes-s-teacher = Lehrkraft: { $name }
classes-s-card-user = Benutzername
classes-s-card-password = Passwort
classes-s-card-site = Anmelden auf { $site }
classes-s-kind-lesson = Lektion
classes-s-kind-counting = Zählen
classes-s-kind-puzzles = Aufgaben
classes-s-level = Stufe { $level }
classes-s-due = fällig am { $date }
classes-s-done = erledigt
classes-s-todo = offen
classes-s-score = { $score } von { $of }
classes-s-open = Für alle offen
classes-s-reset = Neues Passwort
classes-s-remove-work = Entfernen
classes-s-col-pupil = Kind
classes-s-col-stars = Sterne
classes-s-col-puzzles = Gelöste Aufgaben
classes-s-col-last = Zuletzt da
classes-s-col-time = Übungszeit
classes-s-minutes = { $count } Min.
classes-s-col-account = Konto
classes-s-never = nie
classes-s-confirm-delete = Diese Klasse, die Konten ihrer Kinder und deren Fortschritt löschen? Das lässt sich nicht rückgängig machen.
classes-s-arena-made = Die Klassen-Arena ist bereit: { $link }
classes-s-go = Los
classes-s-no-work = Noch keine Aufgaben.
classes-s-ws-pit = Säe { $pit } aus
classes-s-ws-answer-count = { $number }. Mulde { $pit }: Der letzte Samen landet in { $landing }, { $seeds ->
    [one] dann liegt dort { $seeds } Samen
   *[other] dann liegen dort { $seeds } Samen
}.
classes-s-ws-south-plays = Süd ist am Zug und gewinnt
classes-s-ws-north-plays = Nord ist am Zug und gewinnt
classes-s-ws-answer-puzzle = { $number }. { $line }
classes-s-ws-stores = Speicher: Süd { $south }, Nord { $north }
classes-s-ws-board = Brett: oben die Mulden f bis a von Nord, unten A bis F von Süd
