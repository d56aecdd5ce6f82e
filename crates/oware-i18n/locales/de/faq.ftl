# Die FAQ-Seite (static/faq.html), ganz übersetzt.

faq-title = Oware: häufige Fragen
faq-heading = Fragen und Antworten
faq-1-q = Warum kann ich diese Mulde nicht spielen?
faq-1-html = Abgeblendete Mulden können gerade nicht gespielt werden. Tippen Sie trotzdem eine an, und die Seite sagt Ihnen, warum. Es gibt drei Gründe: Die Mulde ist <strong>leer</strong>; der Gegner hat keine Samen mehr und die Mulde <strong>reicht nicht bis in seine Reihe</strong> (Sie müssen ihm Samen geben, wenn Sie können); oder der Zug würde nach der wahlweisen Regel „kein Grand Slam“ alle seine Samen schlagen, obwohl es einen anderen Zug gibt. Ist die Partie vorbei, kann keine Mulde mehr gespielt werden.
faq-2-q = Warum hat mein letzter Samen nichts geschlagen?
faq-2-html = Zum Schlagen muss der letzte Samen in der Reihe des <em>Gegners</em> landen und die Mulde auf genau 2 oder 3 bringen. Nach den üblichen Abapa-Regeln schlägt ein Zug nichts, der dem Gegner alle Samen nehmen würde (ein Grand Slam).
faq-3-q = Warum blieb die gespielte Mulde nach einer vollen Runde leer?
faq-3 = Mit 12 oder mehr Samen sät man einmal ganz herum, und die geleerte Mulde wird jedes Mal übersprungen.
faq-4-q = Die Partie endete, obwohl noch Samen übrig waren. Warum?
faq-4 = Entweder kann ein Spieler nicht ziehen (oder einem Gegner ohne Samen keine geben), und jede Seite nimmt ihre eigene Reihe, oder dieselbe Stellung kam wieder (ein Zyklus) und die Partie wurde beendet. Die Anzeige am Ende der Partie sagt, was davon, und wie die übrigen Samen verteilt wurden.
faq-5-q = Wie funktionieren Zurücknehmen und Wiederholen gegen den Computer?
faq-5 = Zurücknehmen nimmt Ihren letzten Zug und die Antwort des Computers zurück, sodass Sie wieder am Zug sind. Wiederholen spielt beide erneut. Ein anderer Zug verwirft die Züge, die Sie hätten wiederholen können.
faq-6-q = Wird meine Partie gespeichert?
faq-6 = Ja. Jeder Zug wird auf dem Server gespeichert, bevor er als gespielt erscheint. Laden Sie die Seite neu oder starten Sie den Server neu: Die Partie steht, wo Sie aufgehört haben. Die Seite merkt sich Ihre laufende Partie und Ihre Einstellungen in diesem Browser.
faq-7-q = Kann ich nur mit der Tastatur spielen?
faq-7 = Ja. Die Tasten 1 bis 6 spielen Ihre Mulden von links nach rechts; U nimmt zurück, R wiederholt, H fragt nach einem Tipp, N beginnt eine neue Partie, und die Pfeile nach links und rechts blättern durch die Partie. Mit Tab erreichen Sie jede Schaltfläche, und Bildschirmleser sagen jeden Zug und jeden Schlag an.
faq-8-q = Wie setze ich eine Partie aus einem anderen Programm fort?
faq-8-html = Wählen Sie <em>OGN importieren…</em> und fügen Sie die Notation ein: Tags wie <code>[FEN "…"]</code> für eine eigene Anfangsstellung, dann die Züge. Die Partie geht nach ihrem letzten Zug gegen den Gegner Ihrer Wahl weiter.
faq-9-q = Was bedeuten die Bewertungen der Analyse?
faq-9 = Sie sind die Schätzung des Programms in Samen für den Spieler am Zug: +1.50 heißt etwa anderthalb Samen Vorsprung. „Gewinn in 7“ bedeutet einen erzwungenen Gewinn in höchstens 7 Zügen; „bewiesener Gewinn“ stammt aus den Endspieldatenbanken.
faq-10-q = Welche Regeln gelten hier?
faq-10 = Standardmäßig Abapa, die Turnierregeln. Im Dialog für eine neue Partie können Sie die üblichen Varianten wählen; die Voreinstellung jeder Option ist markiert.
doc-strategy-link = Strategietipps
