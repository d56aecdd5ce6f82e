# Das Spiel im Terminal, `oware play` (crates/oware-tui). Die Tastenzeilen passen in 80 Spalten.

side-south = Süd
side-north = Nord
level-easy = leicht
level-medium = mittel
level-hard = schwer
level-expert = Experte

keys-local = 1-6 spielen  u zurück  r vor  h Tipp  a Analyse  e Zyklus  s sichern  q Ende
keys-cycle = y annehmen: Partie als Zyklus beenden  n ablehnen  ? Hilfe  q Ende
keys-online = 1-6 spielen  d remis  t zurück  e Zyklus  x aufgeben  y/n  m Chat  q Ende
keys-online-over = n Revanche  y/n antworten  m Chat  a Analyse  c kopieren  s sichern  q Ende
keys-watch = Zuschauer:  m Chat  a Analyse  c kopieren  s sichern  ? Hilfe  q Ende
keys-chat = Chat: Nachricht tippen  Enter sendet  Rücktaste löscht  Esc schließt

prompt-save = Partie (OGN) speichern unter
prompt-open = OGN-Partie öffnen aus
prompt-title = { $what }: (Enter, Esc bricht ab)

title-vs-computer = Sie ({ $side }) gegen den Computer ({ $level })
title-friend = zwei Spieler
title-line = Oware  { $opponent }  Regeln { $rules }
title-help = ? Hilfe

pane-board = Brett
pane-captured = Speicher
pane-game = Partie
pane-analysis = Analyse
pane-moves = Züge
pane-help = Hilfe

game-over = Partie zu Ende: { $result }
over-keys-local = n: Revanche  u: zurücknehmen  s: sichern  q: Ende
over-keys-online = n: Revanche  s: sichern  q: Ende
over-keys-watch = s: sichern  q: Ende
info-position = Stellung
info-tables = Tabellen
info-copied = kopiert
analysis-label = Analyse
analysis-thinking = rechnet (a: anhalten)
analysis-done = fertig
analysis-stopped = angehalten (a: neu starten)
analysis-score = { $score } für { $side }
analysis-depth = Tiefe { $depth }
analysis-nodes = { $nodes } Knoten
analysis-line = Linie
analysis-off = Analyse aus (a: diese Stellung analysieren)

turn-computer = Der Computer ({ $level }) denkt nach …
turn-yours = Ihr Zug: Tasten 1-6, Pfeile und Enter oder eine Mulde anklicken
turn-friend = { $side } am Zug: Tasten 1-6, Pfeile und Enter oder ein Klick

result-wins = { $side } gewinnt { $south }:{ $north }
result-draw = Remis { $south }:{ $north }
outcome-line = { $result } (Süd–Nord): { $why }
why-capture = 25 oder mehr Samen geschlagen
why-draw = je 24 Samen
why-no-move = { $side } kann nicht ziehen: jeder behält die Samen seiner Reihe
why-cycle-own = Wiederholung: jeder behält die Samen seiner Reihe
why-cycle-even = Wiederholung: die übrigen Samen werden gleich geteilt
why-agreed-cycle = vereinbarter Zyklus: jeder behält die Samen seiner Reihe

help-in-game = Regeln dieser Partie: { $rules }
help-rules =
    Oware (Abapa): zwei Reihen mit je sechs Mulden, in jeder vier Samen; Süd
    beginnt. Ein Zug nimmt alle Samen einer eigenen Mulde und sät sie einzeln
    gegen den Uhrzeigersinn aus (die eigene Reihe von links nach rechts, dann die
    des Gegners), wobei die geleerte Mulde übersprungen wird. Macht der letzte
    Samen eine gegnerische Mulde zu 2 oder 3, schlagen Sie diese Samen und die
    der vorigen Mulden dieser Reihe, solange sie 2 oder 3 enthalten.
    Hat der Gegner keine Samen mehr, müssen Sie ihm welche geben, wenn Sie können.
    Die Partie endet bei 25 geschlagenen Samen, bei 24:24, wenn der Spieler am Zug
    nicht ziehen kann (jeder nimmt seine Reihe), wenn sich eine Stellung
    wiederholt (je nach Regeloptionen) oder wenn beide einen Zyklus vereinbaren.
help-keys-local =
    Tasten: 1-6 spielen Ihre Mulden von links; Pfeile bewegen die Markierung,
    Enter spielt; ein Klick auf eine Mulde spielt sie. u nimmt zurück, r stellt
    wieder her, h Tipp (dann Enter), a Analyse an/aus, c kopiert die Stellung
    (OSC-52-Zwischenablage), s speichert und o öffnet eine OGN-Partie, n neue
    Partie (Revanche: Seitenwechsel), e schlägt vor, die Partie als Zyklus zu
    beenden (Antwort y/n), q oder Strg-C beendet. Unter Ihrer Reihe: Werte der
    Endspieldatenbank (Ihr Samenvorsprung am Ende), wenn Tabellen sie abdecken.
help-keys-online =
    Online: 1-6, Pfeile, Enter oder ein Klick senden Ihren Zug. d bietet Remis an,
    t bittet um Zurücknahme, e schlägt einen Zyklus vor (jeder nimmt seine Reihe;
    ein Zug lässt das Angebot verfallen); nochmals: zurückgezogen. y nimmt an,
    n lehnt das Angebot des Gegners ab; x gibt auf (y bestätigt; a bricht ab,
    bevor beide gezogen haben); nach der Partie n: Revanche. w beansprucht den
    Sieg (= Remis), wenn der Gegner am Zug abwesend ist. m: Chat (Enter sendet,
    höchstens 140 Zeichen, Esc schließt). a analysiert nach der Partie oder als
    Zuschauer; s speichert, c kopiert; q verlässt (die Partie läuft weiter).
help-close = Esc, ? oder q schließt diese Hilfe.

## Online spielen: die Abfrage der Lobby (crates/oware-tui/src/lobby.rs)

term-address-or-server = { $error } (oder nur die Adresse des Servers, z. B. http://127.0.0.1:8080, für seine Lobby)
term-clock-bad = „{ $text }“ ist keine Bedenkzeit: geben Sie MINUTEN+SEKUNDEN an (z. B. 5+3, 0.5+2) oder none
term-someone = Jemand
term-no-clock = ohne Uhr
term-challenge = { $who } spielt { $side } · { $clock } · { $rules } (Sie spielen { $yours })
term-challenge-rated = { $who } spielt { $side } · { $clock } · { $rules } · gewertet (Sie spielen { $yours })
term-lobby-refused = die Lobby des Servers wird abgelehnt: { $error }
term-lobby-empty = Keine offenen Herausforderungen auf { $server }.
term-lobby-list = Offene Herausforderungen auf { $server }:
term-lobby-ask-none = n: neue Partie, r oder Enter: neu laden, q: beenden
term-lobby-ask = { $count ->
    [one] 1: annehmen, n: neue Partie, r oder Enter: neu laden, q: beenden
   *[other] 1-{ $count }: eine annehmen, n: neue Partie, r oder Enter: neu laden, q: beenden
}
term-lobby-nothing-to-take = es gibt keine Herausforderung zum Annehmen
term-lobby-out-of-range = { $count ->
    [one] es gibt nur eine Herausforderung: geben Sie 1 ein, um sie anzunehmen
   *[other] es gibt { $count } Herausforderungen: geben Sie eine Zahl von 1 bis { $count } ein
}
term-lobby-not-a-choice = „{ $answer }“ ist keine der Möglichkeiten
term-create-no-token = die Antwort des Servers auf die neue Partie enthält weder Kennung noch Platz-Token
term-create-no-side = der Server hat nicht gesagt, welche Seite Sie spielen
term-new-in-lobby = Neue Partie, in der Lobby.
term-new-not-in-lobby = Neue Partie, nicht in der Lobby.
term-terminal-failed = das Terminal ist ausgefallen: { $error }
term-challenge-gone = Diese Herausforderung ist nicht mehr offen. { $note }

## Online spielen: der Bildschirm der Partie und die Statuszeile (online.rs, app/online.rs)

term-not-online = keine Online-Partie (sie wird an einem Gerät gespielt)
term-offer-takeback-own = Sie haben gebeten, Ihren letzten Zug zurückzunehmen: t zieht die Bitte zurück
term-offer-cycle-own = Sie haben vorgeschlagen, die Partie als Zyklus zu beenden: e zieht den Vorschlag zurück
term-offer-draw-own = Sie haben Remis angeboten: d zieht das Angebot zurück
term-offer-rematch-own = Sie haben eine Revanche angeboten: warte auf Antwort
term-offer-takeback = { $name } bittet, den letzten Zug zurückzunehmen
term-offer-cycle = { $name } schlägt vor, die Partie als Zyklus zu beenden
term-offer-draw = { $name } bietet Remis an
term-offer-rematch = { $name } bietet eine Revanche an
term-offer-answer = { $offer }: y annehmen, n ablehnen
term-end-aborted = Partie abgebrochen
term-end-no-result = kein Ergebnis
term-end-cancelled = Herausforderung zurückgezogen
term-end-never-started = die Partie hat nie begonnen
term-end-wins = { $name } ({ $side }) gewinnt
term-end-draw = Remis
term-end-time = { $side } hat die Zeit überschritten
term-end-resign = { $side } hat aufgegeben
term-end-agreement = Remis durch Einigung
term-end-abandon-win = { $side } hat die Partie verlassen und { $other } hat den Sieg beansprucht
term-end-abandon-draw = ein Spieler hat die Partie verlassen; der andere hat Remis beansprucht
term-online-over = Partie zu Ende: { $result }: { $why }
term-wait-opponent = Warte auf einen Gegner (geben Sie ihm den Link)
term-wait-second = Warte auf den zweiten Spieler
term-their-move = { $name } ist am Zug ({ $side })
term-watching-to-move = Zuschauer: { $name } ({ $side }) ist am Zug
term-refuse-over = Die Partie ist zu Ende: n bietet eine Revanche an
term-refuse-watching-move = Sie schauen zu: nur die Spieler ziehen
term-refuse-wait-join = Warten Sie, bis ein Gegner beitritt
term-refuse-wait-turn = Warten Sie: { $name } ist am Zug
term-refuse-busy = Warten Sie: Ihre letzte Anfrage ist unterwegs
term-cannot-play = { $pit } kann nicht gespielt werden: { $error }
term-sending = Sende { $pit } …
term-resigning = Gebe auf …
term-aborting = Breche ab …
term-not-resigned = Nicht aufgegeben. { $status }
term-confirm-resign-abort = Aufgeben? y gibt auf, a bricht ab (kein Ergebnis), jede andere Taste spielt weiter
term-confirm-resign = Diese Partie aufgeben? y gibt auf, jede andere Taste spielt weiter
term-refuse-watching-do = Sie schauen zu: das können nur die Spieler
term-refuse-not-under-way = Jetzt nicht: die Partie läuft nicht
term-refuse-no-claim = Nichts zu beanspruchen: Ihr Gegner ist da oder nicht am Zug
term-refuse-undo = Kein Zurück in einer Online-Partie: t bittet, Ihren letzten Zug zurückzunehmen
term-refuse-hint = Keine Tipps in einer Online-Partie (nur in Partien gegen den Computer)
term-refuse-analysis = Keine Analyse während Ihrer eigenen Partie: a geht, sobald sie zu Ende ist
term-refuse-open = Verlassen Sie zuerst die Online-Partie (q), dann oware play PARTIE.ogn
term-already-offers = { $name } bietet es schon an: y nimmt an, n lehnt ab
term-no-cycle = Kein Zyklus zu beenden: { $error }
term-refuse-watching-answer = Sie schauen zu: nur die Spieler beantworten Angebote
term-no-offer = Kein Angebot zu beantworten
term-offered-draw = Sie haben Remis angeboten (d zieht es zurück)
term-offered-takeback = Sie haben gebeten, Ihren letzten Zug zurückzunehmen (t zieht die Bitte zurück)
term-offered-rematch = Sie haben eine Revanche angeboten
term-offered-cycle = Sie haben vorgeschlagen, die Partie als Zyklus zu beenden (e zieht den Vorschlag zurück)
term-accepted = Angenommen
term-declined = Abgelehnt
term-withdrawn = Zurückgezogen
term-refused = { $request }: { $message }
term-rematch-seat = Revanche: Sie spielen { $side } gegen { $name }.
term-reconnected = Wieder verbunden. { $status }
term-connection-lost = Verbindung verloren ({ $error }): neuer Versuch in { $seconds } s
term-state-unshowable = Die Partie des Servers kann nicht angezeigt werden: { $error }
term-cycle-lapsed = Der Vorschlag, die Partie als Zyklus zu beenden, ist mit dem Zug verfallen. { $status }
term-rematch-agreed = Revanche vereinbart: Sie nehmen Ihren Platz ein …

## Online spielen: die Adresse des Servers und seine Antworten (net/)

term-link-bad = „{ $link }“ ist keine Adresse einer Online-Partie ({ $why }): geben Sie den Einladungslink an, z. B. http://127.0.0.1:8080/game/0123abcd...
term-link-scheme = sie muss mit http:// oder https:// beginnen
term-link-no-host = kein Host
term-link-path = ihr Pfad muss auf /game/ID enden
term-link-id = die Kennung der Partie besteht aus Buchstaben und Ziffern
term-server-timeout = der Server { $server } hat nicht rechtzeitig geantwortet
term-server-unreachable = der Server { $server } ist nicht erreichbar ({ $error })
term-http-setup = der HTTP-Client lässt sich nicht einrichten: { $error }
term-answer-not-json = die Antwort des Servers ist nicht das erwartete JSON: { $error }
term-server-answered = der Server hat mit { $status } geantwortet
term-answer-too-large = die Antwort des Servers ist größer als { $mib } MiB: abgelehnt
term-state-refused = der Spielstand des Servers wird abgelehnt: { $error }
term-answer-refused-kept = die Antwort des Servers wird abgelehnt ({ $error }); nichts wurde gespeichert
term-no-such-game = es gibt keine Partie { $id } auf { $server }
term-not-online-link = { $link } ist eine Partie an einem Gerät, keine Online-Partie
term-welcome-back = Willkommen zurück: Sie spielen { $side } gegen { $name }.
term-welcome-account = Willkommen zurück: der Platz Ihres Kontos, Sie spielen { $side } gegen { $name }.
term-watching-full = Sie schauen zu: beide Plätze sind besetzt.
term-watching-free = Sie schauen zu: der Platz bleibt frei.
term-watching-ended = Sie schauen zu: die Partie ist zu Ende.
term-watching-because = Sie schauen zu: { $reason }.
term-join-no-token = die Antwort des Servers auf den Beitritt enthält kein Platz-Token
term-join-no-seat = der Server hat nicht gesagt, welcher Platz besetzt wurde
term-you-play = Sie spielen { $side } gegen { $name }.
term-req-move = Zug { $pit }
term-req-resign = Aufgeben
term-req-abort = Abbrechen
term-req-offer = { $kind ->
    [draw] Remis anbieten
    [takeback] Zurücknahme erbitten
    [rematch] Revanche anbieten
   *[cycle] Vorschlagen, die Partie als Zyklus zu beenden
}
term-req-accept = { $kind ->
    [draw] Remis annehmen
    [takeback] Zurücknahme annehmen
    [rematch] Revanche annehmen
   *[cycle] Annehmen, die Partie als Zyklus zu beenden
}
term-req-decline = { $kind ->
    [draw] Remis ablehnen
    [takeback] Zurücknahme ablehnen
    [rematch] Revanche ablehnen
   *[cycle] Ablehnen, die Partie als Zyklus zu beenden
}
term-req-withdraw = { $kind ->
    [draw] Remisangebot zurückziehen
    [takeback] Bitte um Zurücknahme zurückziehen
    [rematch] Revancheangebot zurückziehen
   *[cycle] Zyklus-Vorschlag zurückziehen
}
term-req-claim-win = Sieg beanspruchen
term-req-claim-draw = Remis beanspruchen
term-req-rematch = Der Revanche beitreten
term-req-chat = Chat
term-net-thread = der Netzwerk-Thread lässt sich nicht starten: { $error }
term-answer-refused = die Antwort des Servers wird abgelehnt ({ $error })
term-rematch-no-seat = der Server hat nicht gesagt, welchen Platz die Revanche gibt
term-server-address = die Adresse des Servers { $server }: { $error }
term-chat-log-refused = Chat des Servers abgelehnt: { $error }
term-chat-log-unread = Der Chat konnte nicht gelesen werden: { $error }
term-stream-idle = seit { $seconds } s nichts Neues vom Server
term-stream-closed = der Server hat die Verbindung geschlossen
term-stream-dropped = { $error }: die Verbindung wird getrennt
term-update-refused = Aktualisierung des Servers abgelehnt: { $error }
term-event-line-too-large = der Server hat eine Ereigniszeile größer als { $mib } MiB gesendet
term-event-too-large = der Server hat ein Ereignis größer als { $mib } MiB gesendet
term-seat-no-folder = kein persönlicher Datenordner, um das Platz-Token aufzubewahren
term-seat-not-kept = das Platz-Token lässt sich nicht in { $path } aufbewahren: { $error }
term-login-no-folder = kein persönlicher Konfigurationsordner, um die Anmeldung aufzubewahren
term-login-not-kept = die Anmeldung lässt sich nicht in { $path } aufbewahren: { $error }
term-login-cookie-refused = das Sitzungs-Cookie des Servers wird abgelehnt ({ $error }); nichts wurde gespeichert
term-login-no-cookie = die Antwort des Servers auf die Anmeldung setzt kein Cookie { $cookie }; nichts wurde gespeichert
term-logged-in = Angemeldet als { $name }.
term-login-ended = Die für { $server } aufbewahrte Anmeldung ist abgelaufen (oware login { $server } meldet Sie wieder an): Sie spielen als Gast.
term-login-hint = oware login { $server } meldet Sie an
term-login-no-name = die Antwort des Servers auf die Anmeldung nennt kein Konto; nichts wurde gespeichert

## Online spielen: der Chat (app/chat.rs, render.rs)

term-chat-open-players = Chat: schreiben Sie Ihrem Gegner, Enter sendet, Esc schließt
term-chat-open-spectators = Chat: schreiben Sie den Zuschauern, Enter sendet, Esc schließt
term-chat-empty = Nichts zu senden: schreiben Sie eine Nachricht
term-chat-busy = Warten Sie: Ihre Nachricht ist unterwegs
term-chat-sending = Nachricht wird gesendet …
term-chat-too-long = Eine Nachricht hat höchstens { $max } Zeichen
term-chat-arrived = { $name }: { $text } (m: Chat)
term-chat-arrived-many = { $count ->
    [one] { $count } Nachricht im Chat (m öffnet ihn)
   *[other] { $count } Nachrichten im Chat (m öffnet ihn)
}
term-chat-sent = Gesendet
term-chat-refused = Chat: { $error }
term-chat-spectator = { $name } (Zuschauer)
term-chat-guest-spectator = { $name } (Gast, Zuschauer)

## Online spielen: die Bereiche des Bildschirms (render.rs). Die Beschriftungen des Infobereichs
## (term-info-you, term-info-server, term-info-link) stehen bündig mit info-position: höchstens 8 Spalten.

term-title-online = { $rated ->
    [yes] online  { $south } gegen { $north }{ $clock } gewertet
   *[no] online  { $south } gegen { $north }{ $clock }
}
term-seat-free = Platz frei
term-seat-away = abwesend
term-label-thinking = denkt nach …
term-label-to-move = am Zug
term-pane-online = Online-Partie
term-away-claim = { $name } ist abwesend: w beansprucht den Sieg, = Remis
term-info-you = Sie
term-info-play = { $count ->
    [0] spielen { $side }
    [one] spielen { $side }, { $count } Zuschauer
   *[other] spielen { $side }, { $count } Zuschauer
}
term-info-watch = { $count ->
    [0] schauen zu
    [one] schauen zu, { $count } Zuschauer
   *[other] schauen zu, { $count } Zuschauer
}
term-info-server = Server
term-info-connecting = verbinde …
term-info-connected = verbunden
term-info-lost = Verbindung verloren ({ $error }), verbinde neu
term-info-link = Link
term-pane-moves-chat = Züge  m Chat: { $count } neu
term-chat-no-messages = noch keine Nachrichten
term-pane-chat = Chat  Esc schließt

## Beide Spiele (term.rs, tables.rs, app/)

term-too-small = Das Terminal ist { $size } groß: oware play braucht mindestens { $needed }. Vergrößern Sie das Fenster oder drücken Sie q zum Beenden.
term-error-game-over = die Partie ist zu Ende
term-error-empty-pit = Mulde { $pit } ist leer
term-error-must-feed = { $side } muss versorgt werden
term-error-grand-slam = ein Grand Slam (alle gegnerischen Samen schlagen) ist verboten, solange es einen anderen Zug gibt
term-error-wrong-side = { $side } ist am Zug
term-error-empty-row = ein Zyklus lässt sich nur einvernehmlich beenden, solange beide Reihen Samen haben: die Reihe von { $side } ist leer
term-animation-off = { $status } (Animation aus: langsames Terminal)
term-tables-present = { $dir } (0 bis { $max } Samen)
term-tables-absent = keine in { $dir }: oware egdb build
term-local-over = Die Partie ist zu Ende: n für eine Revanche, u zum Zurücknehmen
term-wait-computer = Warten Sie: der Computer denkt nach
term-nothing-to-undo = Nichts zurückzunehmen
term-taken-back = Zurückgenommen ({ $count } wiederholbar). { $status }
term-nothing-to-redo = Nichts zu wiederholen
term-opened = { $count ->
    [one] { $name } geöffnet ({ $count } Zug). { $status }
   *[other] { $name } geöffnet ({ $count } Züge). { $status }
}
term-saved = Gespeichert unter { $path }
term-cannot-save = Speichern unter { $path } nicht möglich: { $error }
term-cannot-open = { $path } lässt sich nicht öffnen: { $error }
term-not-ogn = keine OGN-Partie: { $error }
term-no-hint-now = Jetzt kein Tipp: Sie sind nicht am Zug
term-looking-for-hint = Suche einen Tipp …
term-game-is-over = Die Partie ist zu Ende
term-cycle-you-propose = Sie schlagen vor, die Partie als Zyklus zu beenden (jeder behält seine Reihe: Süd { $south }, Nord { $north }): der Computer überlegt …
term-cycle-side-proposes = { $side } schlägt vor, die Partie als Zyklus zu beenden (jeder behält seine Reihe: Süd { $south }, Nord { $north }). { $other }: y annehmen, n ablehnen
term-cycle-computer-proposes = Der Computer schlägt vor, die Partie zu beenden: die Stellung wiederholt sich (jeder behält seine Reihe: Süd { $south }, Nord { $north }). y annehmen, n ablehnen
term-cycle-computer-accepts = Der Computer nimmt an. { $status }
term-cycle-computer-declines = Der Computer lehnt ab: er kann mehr herausholen als diese Teilung. Sie sind am Zug
term-cycle-you-accept = Sie nehmen an. { $status }
term-cycle-side-accepts = { $side } nimmt an. { $status }
term-cycle-you-decline = Sie lehnen ab: die Partie geht weiter. { $status }
term-cycle-side-declines = { $side } lehnt ab: die Partie geht weiter. { $status }
term-cycle-answer-first = Beantworten Sie erst den Vorschlag: y beendet die Partie als Zyklus, n spielt weiter
term-cycle-wait-computer = Warten Sie: der Computer prüft Ihren Vorschlag
term-name-you = Sie
term-name-computer = Computer ({ $level })
term-name-player = Spieler
term-name-online-you = { $name } (Sie)
term-analysis-stopped = Analyse angehalten
term-analysis-over = Die Partie ist zu Ende: nichts zu analysieren
term-analysing = Analysiere (a hält an)
term-copied = Kopiert: { $position }
term-cancelled = Abgebrochen
term-no-file-name = Kein Dateiname angegeben
term-not-your-pit = Das ist eine Mulde von { $owner }: { $side } ist am Zug
term-engine-refused = Der Zug der Engine wurde abgelehnt: { $error }
term-hint = Tipp: Mulde { $pit } (Bewertung { $score }); Enter spielt sie

## Was das Terminal an einer Antwort des Servers ablehnt (wire.rs, checked.rs)

term-bad-move-letter = ein Zugbuchstabe muss ein ASCII-Buchstabe sein
term-server-rules = die Regeln des Servers „{ $rules }“: { $error }
term-server-start = die Anfangsstellung des Servers „{ $position }“: { $error }
term-server-move-text = Zug { $number } des Servers: { $error }
term-server-move = Zug { $number } des Servers ({ $pit }): { $error }
term-server-cycle = der vereinbarte Zyklus des Servers: { $error }
term-chat-no-text = eine Chat-Nachricht ohne Text
term-chat-anonymous = Zuschauer
term-chat-message-refused = Chat-Nachricht des Servers abgelehnt: { $error }
term-bad-game-id = eine Partie-Kennung besteht aus 1 bis { $max } ASCII-Buchstaben und -Ziffern
term-bad-seat-token = ein Platz-Token besteht aus 1 bis { $max } ASCII-Buchstaben und -Ziffern
term-bad-session = ein Sitzungs-Cookie besteht aus genau { $length } Hexadezimalziffern

## Der Befehl `oware play` (crates/oware-cli/src/cmd/play.rs): seine Fehler und die Übersicht,
## die er ausgibt, wenn der Spielbildschirm schließt

term-cannot-read-game = die Partiedatei { $path } lässt sich nicht lesen
term-needs-terminal = oware play braucht ein Terminal (Standardeingabe und -ausgabe müssen eines sein)
term-terminal-broke = das Terminal ist ausgefallen
term-new-flags-need-server = --new, --clock, --side, --private und --rated gelten für eine neue Partie: geben Sie die Adresse des Servers an ({ $server }), nicht den Link einer Partie
term-watch-needs-link = --watch braucht den Link einer Partie (http://HOST:PORT/game/ID)
term-bad-side = --side muss S, N oder random sein, nicht „{ $side }“
term-game-goes-on = Die Partie geht weiter auf { $link }: oware play --online { $link } gibt Ihnen Ihren Platz zurück.
term-summary = { $count ->
    [one] oware play: { $count } Zug
   *[other] oware play: { $count } Züge
}
term-summary-end = { $count ->
    [one] oware play: { $count } Zug, { $end }
   *[other] oware play: { $count } Züge, { $end }
}
term-summary-moves = Züge
term-summary-ratings = Wertung
