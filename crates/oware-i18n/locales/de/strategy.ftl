# Die Seite Tipps (static/strategy.html), ganz übersetzt.

tips-title = Strategietipps für Oware
tips-heading = Strategietipps
tips-intro = Bei Oware gewinnt, wer zählt. Mit diesen Gewohnheiten schlagen Sie den Computer auf „leicht“ bald und machen es ihm auf „mittel“ richtig schwer.
tips-1-title = 1. Achten Sie auf gegnerische Mulden mit 1 oder 2 Samen
tips-1-html = Geschlagen wird, wenn Ihr letzter Samen eine Mulde mit 1 oder 2 Samen auf 2 oder 3 bringt. Merken Sie sich vor jedem Zug, welche Mulden des Gegners 1 oder 2 Samen enthalten, und zählen Sie nach, ob eine Ihrer Mulden genau dort endet. Eine Mulde mit <em>n</em> Samen endet <em>n</em> Mulden weiter (eine mehr für jede volle Runde von 11, sobald sie 12 oder mehr hat).
tips-2-title = 2. Schützen Sie Ihre schwachen Mulden
tips-2 = Ihre Mulden mit 1 oder 2 Samen sind die Ziele des Gegners. Füllen Sie sie auf (indem Sie aus einer Mulde links davon säen), oder sorgen Sie dafür, dass keine gegnerische Mulde auf ihnen endet. Mehrere schwache Mulden nebeneinander laden zu einer Schlagkette ein.
tips-3-title = 3. Halten Sie eine große Mulde in Reserve
tips-3-html = Eine Mulde, die sich langsam auf 12 oder mehr Samen füllt (Spieler nennen sie <em>Kroo</em>), läuft einmal ganz herum und kann in der Reihe des Gegners enden, nachdem sie in jede seiner Mulden einen Samen mehr gelegt hat – so werden viele Einsen und Zweien auf einmal zu Zweien und Dreien. Eine solche Mulde aufzubauen, während dem Gegner die sicheren Züge ausgehen, ist der stärkste Plan des Spiels.
tips-4-title = 4. Zählen Sie Tempi: Wem gehen zuerst die Züge aus?
tips-4 = Kleine Mulden rechts in Ihrer Reihe (E, F) geben Samen schnell an den Gegner ab. Mulden links (A, B) halten sie länger bei Ihnen. Gegen Ende zwingen mehr Wartezüge als der Gegner ihn, in Ihre Schläge hineinzuziehen.
tips-5-title = 5. Hungern Sie sich nicht aus
tips-5 = Wird Ihre Reihe leer, muss der Gegner Ihnen Samen geben – aber er bestimmt, wie. Behalten Sie ein paar Samen bei sich und meiden Sie Stellungen, in denen Sie nur einen Zug haben.
tips-6-title = 6. Zählen Sie im Endspiel die übrigen Samen
tips-6 = Sobald ein Spieler 20 oder mehr hat, zählt jeder Samen. Rechnen Sie aus, wie viele Samen jede Seite noch braucht, und denken Sie daran: Kann ein Spieler nicht ziehen, behält jede Seite ihre eigene Reihe. Manchmal sind Samen zu Hause mehr wert als ein Schlag.
tips-tools-html = <strong>Nutzen Sie die Werkzeuge:</strong> Die Schaltfläche <em>Tipp</em> fragt das Programm nach einem Zug; das Feld <em>Analyse</em> zeigt, während es rechnet, seine beste Fortsetzung und Bewertung (+2.00 heißt etwa zwei Samen Vorsprung für den Spieler am Zug). Mit installierten Endspieldatenbanken zeigt jede Mulde genau, wie viele der übrigen Samen sie bei perfektem Spiel gewinnt.
doc-back = Zurück zum Spiel
