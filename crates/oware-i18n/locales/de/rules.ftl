# Die Seite Regeln (static/rules.html), ganz übersetzt. Die Buchstaben der Mulden (A–F, a–f),
# die Züge (C, F+2) und die Stellungen (4-4-4-…-S) sind Notation: Sie bleiben, wie sie sind.

rules-title = Oware-Regeln
rules-heading = So spielt man Oware
rules-intro-html = Oware ist ein Spiel für zwei Personen aus der Familie der Mancala-Spiele, verbreitet in ganz Westafrika und in der Karibik. Glück spielt keine Rolle: Es kommt nur aufs Zählen und Vorausdenken an. Diese Seite erklärt die <strong>Abapa</strong>-Regeln, nach denen Turniere gespielt werden und die hier voreingestellt sind.

rules-board-title = Das Brett
rules-board-1 = Das Brett hat zwei Reihen mit je sechs Mulden, in jeder Mulde vier Samen, zusammen 48 Samen. Die untere Reihe gehört Ihnen, die obere Ihrem Gegner. Geschlagene Samen kommen in die langen Mulden an den Enden, die Speicher: Ihrer ist rechts.
rules-board-2-html = Die Mulden werden mit Buchstaben bezeichnet: Süd (wer anfängt) hat <code>A</code> bis <code>F</code> von links nach rechts, Nord hat <code>a</code> bis <code>f</code> von seiner eigenen linken Seite aus, also von oben rechts, wenn Sie auf das Brett schauen.

rules-sowing-title = Säen
rules-sowing-1-html = Wählen Sie eine Ihrer Mulden, in der Samen liegen. Tippen Sie sie an oder drücken Sie eine der Tasten 1 bis 6 (Ihre Mulden von links nach rechts). Sie nehmen alle Samen aus dieser Mulde und legen sie einzeln in die folgenden Mulden, und zwar <strong>gegen den Uhrzeigersinn</strong>: nach rechts durch Ihre Reihe, dann nach links durch die Reihe des Gegners und immer so weiter.
rules-sowing-before = vorher: vier Samen in jeder Mulde
rules-sowing-after = nach E: F, a, b und c haben 5, E ist leer
rules-sowing-caption = Süd spielt E: Seine vier Samen gehen nach F, a, b und c.
rules-sowing-2-html = <strong>Zwölf Samen oder mehr:</strong> Eine Mulde mit 12 oder mehr Samen sät einmal ganz um das Brett herum. Die geleerte Mulde wird übersprungen: Sie bleibt leer, und es geht in der nächsten Mulde weiter.

rules-capture-title = Schlagen
rules-capture-1-html = Fällt Ihr <em>letzter</em> Samen in eine Mulde in der Reihe des Gegners und liegen dort danach genau <strong>2 oder 3 Samen</strong>, schlagen Sie diese Samen und legen sie in Ihren Speicher.
rules-capture-2-html = Dann sehen Sie sich die Mulde davor an (rückwärts, entgegen der Richtung, in der Sie gesät haben): Liegt sie ebenfalls in der Reihe des Gegners und enthält auch 2 oder 3 Samen, schlagen Sie auch sie, und so weiter. Diese <strong>Schlagkette</strong> endet an der ersten Mulde, die nicht 2 oder 3 Samen enthält, oder am Ende der gegnerischen Reihe. Aus der eigenen Reihe wird nie geschlagen.
rules-capture-before = vorher: F hat 3; a, b, c haben 1, 2, 1
rules-capture-after = nach F: a, b und c geschlagen, 7 Samen
rules-capture-caption = Süd spielt F mit 3 Samen: Sie fallen nach a, b und c, die nun 2, 3 und 2 enthalten. Der letzte Samen liegt in c (2): geschlagen. Zurück gezählt werden auch b (3) und a (2) geschlagen: 7 Samen für Süd. Wären die Samen weiter gegangen, hätte die Kette bei d geendet.

rules-slam-title = Der Grand Slam
rules-slam-html = Ein Zug, der <em>alle</em> Samen in der Reihe des Gegners schlagen würde, heißt Grand Slam. Nach den Abapa-Regeln ist er erlaubt, schlägt aber nichts: Die Samen bleiben liegen, wo sie hingefallen sind. Im Dialog für eine neue Partie finden Sie die anderen gespielten Varianten (nur erlaubt, wenn es keinen anderen Zug gibt; alle Mulden bis auf eine schlagen; oder schlagen und den Rest dem Gegner geben).

rules-feed-title = Den Gegner versorgen
rules-feed = Hat Ihr Gegner gar keine Samen mehr, müssen Sie einen Zug spielen, der ihm Samen gibt, sofern es einen gibt. Die Seite blendet die Mulden ab, die Sie nicht spielen dürfen, und sagt Ihnen, warum, wenn Sie eine davon versuchen („Sie müssen Nord Samen geben“). Kann kein Zug ihn versorgen, ist die Partie zu Ende.

rules-end-title = Das Ende der Partie
rules-end-25-html = <strong>25 Samen:</strong> Sobald ein Spieler 25 Samen geschlagen hat (mehr als die Hälfte), hat er gewonnen.
rules-end-24-html = <strong>24 zu 24:</strong> Schlagen beide Spieler 24 Samen, endet die Partie remis.
rules-end-stuck-html = <strong>Kein Zug:</strong> Hat der Spieler am Zug keine Samen mehr oder kann er einem Gegner ohne Samen keine geben, endet die Partie, und jeder Spieler nimmt die Samen, die noch in seiner eigenen Reihe liegen.
rules-end-cycles-html = <strong>Zyklen:</strong> Wenn nur noch wenige Samen übrig sind, können sich die Spieler endlos um das Brett herum jagen. Kommt dieselbe Stellung zum dritten Mal vor (gleiche Mulden, gleiche Speicher, derselbe Spieler am Zug), endet die Partie, und jeder nimmt die Samen seiner eigenen Reihe. Manche Vereine beenden sie schon bei der ersten Wiederholung oder teilen die übrigen Samen gleichmäßig: Beides sind wählbare Regeln.
rules-end-agreed-html = <strong>Zyklus nach Absprache:</strong> Sehen beide Spieler, dass die Partie zu einem endlosen Zyklus geworden ist, müssen sie ihn nicht zu Ende spielen. Solange jeder Samen in seiner eigenen Reihe hat, darf jeder vorschlagen, die Partie zu beenden; nimmt der andere an, nimmt jeder die Samen seiner eigenen Reihe (das Ende wird als <code>agreed-cycle</code> festgehalten, nicht als Wiederholung). Der Computer antwortet ehrlich: Er nimmt nur an, wenn er durch Weiterspielen nichts Besseres erreichen kann.
rules-winner = Es gewinnt, wer am Ende mehr Samen hat: die geschlagenen und die, die er am Ende noch bekommt.

rules-notation-title = Partien aufschreiben
rules-notation-html = Ein Zug ist der Buchstabe der gespielten Mulde, mit <code>+N</code>, wenn er N Samen geschlagen hat: <code>1. C b 2. F+2 a</code>. Ganze Partien werden als OGN gespeichert (wie PGN beim Schach); Sie können sie auf der Spielseite herunterladen, kopieren und importieren. Eine Stellung lässt sich als 12 Zahlen, die beiden Speicher und die Seite am Zug schreiben: <code>4-4-4-4-4-4-4-4-4-4-4-4-0-0-S</code>.
