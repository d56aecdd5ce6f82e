# Das Spiel im Terminal, `oware play` (crates/oware-tui). Die Tastenzeilen passen in 80 Spalten.

side-south = Süd
side-north = Nord
level-easy = leicht
level-medium = mittel
level-hard = schwer
level-expert = Experte

keys-local = 1-6 ziehen  u zurück  r vor  h Tipp  a Analyse  e Zyklus  s sichern  q Ende
keys-cycle = y annehmen: Partie als Zyklus beenden  n ablehnen  ? Hilfe  q Ende
keys-online = 1-6 ziehen  d remis  t zurück  e Zyklus  x aufgeben  y/n  m Chat  q Ende
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
    Tasten: 1-6 ziehen aus Ihren Mulden von links; Pfeile bewegen die Markierung,
    Enter zieht; ein Klick auf eine Mulde zieht sie. u nimmt zurück, r stellt
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
