# Die Fehlerantworten des Servers (siehe en/errors.ftl).

## Züge und Partien

error-bad-move = Das ist kein Zug: Wählen Sie eine Ihrer Mulden.
error-empty-pit = Diese Mulde ist leer: Wählen Sie eine Mulde mit Samen.
error-game-over = Die Partie ist zu Ende.
error-grand-slam = Dieser Zug würde alle Samen des Gegners schlagen (ein Grand Slam), was diese Regeln verbieten, solange ein anderer Zug möglich ist.
error-illegal-move = Dieser Zug ist hier nicht erlaubt: Wählen Sie einen anderen.
error-must-feed = Ihr Gegner hat keine Samen mehr: Sie müssen eine Mulde spielen, die ihm welche gibt.
error-not-your-turn = Sie sind nicht am Zug.
error-wrong-side = Diese Mulde liegt nicht in der Reihe des Spielers am Zug.
error-wrong-capture = Der bei diesem Zug notierte Schlag stimmt nicht mit dem überein, was er hier schlägt.
error-nothing-to-undo = Es gibt keinen Zug von Ihnen, den Sie zurücknehmen könnten.
error-nothing-to-redo = Es gibt keinen Zug zum Wiederholen.
error-nothing-to-take-back = Es gibt keinen Zug von Ihnen, der zurückgenommen werden könnte.
error-not-in-online-games = In Online-Partien gibt es kein Rückgängig und Wiederholen: Bitten Sie Ihren Gegner um eine Zugrücknahme.
error-not-online = Diese Partie wird an einem Gerät gespielt, nicht online.
error-cycle-declined = Der Computer hat schon abgelehnt, die Partie hier zu beenden: Spielen Sie weiter.
error-cannot-agree-cycle = Die Partie kann jetzt nicht einvernehmlich beendet werden: Sie ist vorbei, oder eine Reihe ist leer.
error-no-analysis-during-play = Während der Partie steht den Spielern keine Analyse zur Verfügung.
error-bad-ply = Diese Stellung gibt es in der Partie nicht: Wählen Sie einen ihrer Züge.
error-bad-ogn = Diese Partienotation lässt sich nicht lesen: Prüfen Sie sie und versuchen Sie es erneut.
error-bad-rules = Diese Regeln sind unbekannt: Wählen Sie Regeln aus der Liste.
error-bad-side = Die Seite ist Süd (S) oder Nord (N).
error-bad-opponent = Wählen Sie einen Gegner: den Computer (leicht, mittel, schwer, Experte) oder einen Freund.
error-conflicting-options = Diese Einstellungen passen nicht zusammen: Wählen Sie eine davon.
error-not-applicable = Diese Einstellung gilt nicht für diese Art von Partie: Lassen Sie sie weg.
error-unknown-game = Unter dieser Adresse gibt es keine Partie: Vielleicht wurde sie entfernt.

## Online-Partien, Angebote und Herausforderungen

error-no-token = Diese Partie kennt Sie nicht: Öffnen Sie sie auf dem Gerät, auf dem Sie spielen.
error-wrong-token = Diese Partie kennt Sie nicht: Öffnen Sie sie auf dem Gerät, auf dem Sie spielen.
error-not-your-seat = Das können nur die Spieler dieser Partie.
error-seat-taken = Jemand anderes hat diesen Platz zuerst eingenommen: Sie können der Partie zuschauen.
error-not-open = Diese Herausforderung ist nicht mehr offen.
error-not-started = Die Partie hat noch nicht begonnen: Warten Sie auf einen Gegner.
error-own-challenge = Das ist Ihre eigene Herausforderung: Senden Sie den Link an Ihren Gegner.
error-log-in-to-join = Diese Partie ist für Spieler mit Wertung: Melden Sie sich an, um sie zu spielen.
error-out-of-range = Diese Herausforderung gilt Spielern mit einer anderen Wertung.
error-not-rated = Diese Partie kann nicht gewertet werden: Eine gewertete Partie braucht eine Uhr, die üblichen Regeln (Abapa) und angemeldete Spieler.
error-bad-range = Der Wertungsbereich besteht aus zwei Wertungen von 0 bis 4000, die niedrigere zuerst, und braucht eine Uhr.
error-no-advice-in-rated-games = Eine gewertete Partie kann nicht für Ratschläge der Zuschauer geöffnet werden.
error-bad-clock = Diese Uhreinstellungen sind nicht möglich: Wählen Sie eine Bedenkzeit aus der Liste.
error-bad-color = Wählen Sie eine Seite: zufällig, Süd oder Nord.
error-cannot-abort = Beide Seiten haben gezogen: Die Partie kann nicht mehr abgebrochen werden (geben Sie auf oder bieten Sie Remis an).
error-cannot-claim = Sie können jetzt nichts beanspruchen: Das kann nur der Spieler, der auf einen ausbleibenden Zug wartet.
error-bad-claim = Diesen Anspruch gibt es nicht: Beanspruchen Sie den Sieg oder ein Remis.
error-bad-action = Diese Antwort gibt es nicht: anbieten, annehmen, ablehnen oder zurückziehen.
error-bad-offer = Dieses Angebot kann so nicht gemacht werden.
error-already-offered = Sie haben dieses Angebot schon gemacht: Warten Sie auf die Antwort.
error-no-offer = Es gibt kein solches Angebot zum Beantworten oder Zurückziehen: Vielleicht wurde es zurückgezogen oder ist verfallen.
error-offer-too-soon = Ihr letztes Angebot wurde abgelehnt oder zurückgezogen: Sie können es in { $seconds ->
        [one] einer Sekunde
       *[other] { $seconds } Sekunden
    } erneut machen.
error-not-over = Eine Revanche kann angeboten werden, sobald die Partie zu Ende ist.
error-rematch-made = Die Revanche ist bereits vereinbart.
error-bad-presence-key = Diese Seite hat die Verbindung zur Partie verloren: Laden Sie sie neu.
error-no-watcher = Laden Sie die Partie neu, um ihre Analyse zu sehen.
error-review-after-the-game = Eine Online-Partie wird analysiert, wenn sie zu Ende ist.
error-nothing-to-review = Die Partie hat noch keine Züge, die sich analysieren ließen.
error-bad-depth = Die Tiefe einer Analyse beträgt { $min } bis { $max } Züge.
error-too-many-reviews = { $count ->
        [one] Eine Analyse von Ihnen läuft bereits: Warten Sie, bis sie fertig ist.
       *[other] { $count } Analysen von Ihnen laufen bereits: Warten Sie, bis eine fertig ist.
    }

## Die Lobby und die Warteschlangen

error-lobby-full = Die Lobby ist voll: Nehmen Sie dort eine Herausforderung an, oder erstellen Sie die Partie, ohne sie aufzulisten, und senden Sie den Link.
error-too-many-challenges = Sie haben schon genug offene Herausforderungen: Warten Sie, bis eine angenommen wird, oder ziehen Sie eine zurück.
error-no-such-challenge = Diese Herausforderung ist nicht mehr offen: Sie wurde beantwortet, zurückgezogen oder ist verfallen.
error-no-such-pool = Diese Warteschlange gibt es nicht: Wählen Sie eine aus der Liste.
error-no-such-ticket = Sie warten nicht mehr in dieser Warteschlange: Reihen Sie sich erneut ein.
error-already-waiting = Sie warten schon in einer Warteschlange: Verlassen Sie sie zuerst.
error-already-paired = Zu spät zum Verlassen: Ihre Partie hat begonnen.
error-pool-full = Die Warteschlangen sind voll: Versuchen Sie es in einer Minute erneut, oder stellen Sie eine Herausforderung in die Lobby.
error-too-many-tickets = Gäste von Ihrer Adresse warten bereits in den Warteschlangen: Warten Sie auf deren Partien, oder melden Sie sich an.
error-no-bots-in-arenas = Die Arenen sind für Menschen: Bots spielen über Herausforderungen.
error-no-bots-in-pools = Die Warteschlangen sind für Menschen: Bots spielen über Herausforderungen.

## Chat

error-empty-message = Schreiben Sie zuerst etwas: Die Nachricht ist leer.
error-message-too-long = { $max ->
        [one] Eine Nachricht hat höchstens ein Zeichen.
       *[other] Eine Nachricht hat höchstens { $max } Zeichen.
    }
error-bad-characters = Eine Nachricht ist eine Zeile sichtbarer Text.
error-too-many-marks = { $max ->
        [one] Ein Buchstabe trägt höchstens einen Akzent oder ein Zeichen.
       *[other] Ein Buchstabe trägt höchstens { $max } Akzente oder Zeichen.
    }
error-character-too-long = Eines der Zeichen dieser Nachricht ist zu lang: Entfernen Sie es.
error-chat-too-fast = Sie schreiben zu schnell: Warten Sie { $seconds ->
        [one] eine Sekunde.
       *[other] { $seconds } Sekunden.
    }
error-players-room = Nur die beiden Spieler schreiben im Raum der Spieler: Zuschauer schreiben in ihrem eigenen.
error-spectators-room = Spieler schreiben im Raum der Spieler: Der Raum der Zuschauer gehört den Zuschauern.
error-bad-room = Diesen Raum gibt es nicht: Es gibt den Raum der Spieler und den der Zuschauer.
error-reserved-name = Dieser Name ist eines der Wörter der Seite: Wählen Sie einen anderen.
error-name-taken = Dieser Name ist schon vergeben: Wählen Sie einen anderen.

## Konten

error-bad-credentials = Name oder Passwort ist falsch.
error-bad-name = { $of ->
        [tournament] Dieser Name ist den Turnieren der Seite vorbehalten: Wählen Sie einen anderen.
       *[account] Ein Benutzername hat { $min } bis { $max } Zeichen: Buchstaben (a–z, A–Z), Ziffern, „_“ und „-“, und ist keines der Wörter der Seite.
    }
error-bad-password = Ein Passwort hat { $min } bis { $max } Zeichen, gehört nicht zu den häufigsten Passwörtern und ist nicht der Benutzername.
error-bad-reset = Dieser Link zum Zurücksetzen ist unbekannt, schon benutzt oder abgelaufen: Fordern Sie einen neuen an.
error-not-logged-in = Sie sind nicht angemeldet: Melden Sie sich zuerst an.
error-no-such-player = Es gibt keinen Spieler mit diesem Namen.
error-too-many-attempts = Zu viele Versuche: Versuchen Sie es in { $seconds ->
        [one] einer Sekunde
       *[other] { $seconds } Sekunden
    } erneut.
error-too-many-sign-ups = Von dieser Adresse wurden zu viele Konten erstellt: Versuchen Sie es in { $seconds ->
        [one] einer Sekunde
       *[other] { $seconds } Sekunden
    } erneut.
error-busy = Der Server prüft gerade viele Passwörter: Versuchen Sie es gleich noch einmal.
error-bad-lang = Diese Sprache gibt es auf der Seite nicht.
error-foreign-origin = Diese Anfrage kam von einer anderen Website mit Ihrer Sitzung: Sie wurde abgelehnt.
error-session-required = Dafür müssen Sie auf der Seite angemeldet sein; ein API-Token genügt nicht.

## Bots und API-Tokens

error-token-required = Dafür braucht es ein API-Token, keine Sitzung.
error-bad-token = Dieses API-Token ist unbekannt oder wurde widerrufen.
error-missing-scope = Dieses API-Token erlaubt das nicht: Erstellen Sie eines mit der passenden Berechtigung.
error-bad-scope = Diese Berechtigungen sind unbekannt: Wählen Sie sie aus der Liste.
error-bad-description = { $max ->
        [one] Die Beschreibung eines Tokens ist ein Byte Text.
       *[other] Die Beschreibung eines Tokens hat 1 bis { $max } Byte Text.
    }
error-too-many-tokens = { $max ->
        [one] Ein Konto kann nur ein Token haben: Widerrufen Sie es, bevor Sie ein neues erstellen.
       *[other] Ein Konto kann { $max } Tokens haben: Widerrufen Sie eines, bevor Sie ein neues erstellen.
    }
error-no-such-token = Dieses Konto hat kein solches Token.
error-has-played = Nur ein Konto, das noch nie eine Partie gespielt hat, kann ein Bot werden.
error-not-a-bot = Dieses Konto ist kein Bot: Wandeln Sie es zuerst um.
error-bad-reason = Diesen Grund gibt es nicht: Wählen Sie einen aus der Liste.
error-bad-answer = Die Antwort ist ja oder nein.

## Turniere

error-not-found = Unter dieser Adresse gibt es nichts: Prüfen Sie sie.
error-bad-kind = Ein Turnier ist eine Arena oder ein Schweizer Turnier.
error-bad-length = Diese Dauer ist nicht möglich: Wählen Sie eine aus der Liste.
error-bad-size = Diese Spielerzahl ist nicht möglich: Wählen Sie eine aus der Liste.
error-bad-start = Dieser Beginn liegt zu weit in der Zukunft: Wählen Sie einen früheren.
error-too-many-tournaments = Sie haben schon genug Turniere, die nicht beendet sind: Warten Sie, bis eines zu Ende ist.
error-tournament-full = Dieses Turnier ist voll.
error-tournament-finished = Zu spät: Dieses Turnier ist vorbei oder in seiner letzten Runde.
error-not-a-player = Sie spielen nicht in diesem Turnier.
error-withdrawn = Sie haben sich von diesem Schweizer Turnier zurückgezogen: Eine Rückkehr ist nicht möglich.
error-no-berserk = Berserk gibt es nur in Arenen.
error-berserk-too-late = Berserk geht nur vor Ihrem ersten Zug.
error-no-clock = Diese Partie hat keine Uhr.
error-no-game = Sie haben in diesem Turnier keine laufende Partie.

## Aufgaben, Lektionen, Rangliste

error-no-such-puzzle = Diese Aufgabe gibt es nicht.
error-no-puzzle-left = Zu diesem Thema ist keine Aufgabe mehr übrig: Wählen Sie ein anderes Thema.
error-bad-theme = Dieses Thema ist unbekannt: Wählen Sie eines aus der Liste.
error-not-played = Spielen Sie die Aufgabe, bevor Sie darüber abstimmen.
error-no-such-lesson = Diese Lektion gibt es nicht.
error-no-such-step = Diese Lektion hat keinen solchen Schritt.
error-bad-moves = Diese Züge lassen sich nicht lesen: Beginnen Sie den Schritt neu.
error-bad-stars = Diese Sterne lassen sich nicht speichern: Laden Sie die Seite neu.
error-not-solved = Diese Züge lösen den Schritt nicht: Es werden keine Sterne gespeichert.
error-bad-question = Diese Frage ist ungültig: Laden Sie die Seite neu.
error-bad-bots = Wählen Sie Partien mit oder ohne Bots oder nur Partien mit einem Bot.
error-bad-category = Die Kategorien sind Blitz, Schnellspiel und Fernspiel.
error-bad-channel = Die TV-Kanäle sind: beste Partie, Bots und Turnier.
error-bad-qr-text = Diese Adresse lässt sich nicht als QR-Code zeigen.

## Grenzen und Server

error-too-many-games = Von Ihrer Adresse wurden zu viele Partien erstellt: Warten Sie { $seconds ->
        [one] eine Sekunde
       *[other] { $seconds } Sekunden
    }, oder spielen Sie eine davon weiter.
error-too-many-live-games = Sie haben schon so viele laufende Online-Partien, wie ein Konto haben darf: Beenden oder geben Sie einige auf, bevor Sie eine neue beginnen.
error-too-many-engine-jobs = Zu viele Berechnungen des Computers von Ihrer Adresse: Warten Sie { $seconds ->
        [one] eine Sekunde.
       *[other] { $seconds } Sekunden.
    }
error-too-many-streams = Von Ihrer Adresse sind zu viele Seiten der Website offen: Schließen Sie einen Tab, oder warten Sie, bis eine Partie endet.
error-too-many-clients = Gerade spielen zu viele Leute: Versuchen Sie es in { $seconds ->
        [one] einer Sekunde
       *[other] { $seconds } Sekunden
    } erneut.
error-engine-busy = Der Computer ist beschäftigt: Versuchen Sie es in { $seconds ->
        [one] einer Sekunde
       *[other] { $seconds } Sekunden
    } erneut.
error-conflict = Die Partie wurde im selben Moment anderswo geändert: Laden Sie sie neu und versuchen Sie es erneut.
error-storage = Die Partie ließ sich gerade nicht lesen oder speichern: Versuchen Sie es gleich noch einmal.
error-internal = Auf dem Server ist etwas schiefgegangen: Versuchen Sie es erneut, und sagen Sie uns Bescheid, wenn es so bleibt.
error-unknown-host = Dieser Server antwortet nicht unter dieser Adresse.
error-bad-request = Diese Anfrage lässt sich nicht lesen: Laden Sie die Seite neu und versuchen Sie es erneut.
error-bad-json = Diese Anfrage lässt sich nicht lesen: Laden Sie die Seite neu und versuchen Sie es erneut.
error-bad-field = Diese Anfrage enthält einen falschen Wert: Laden Sie die Seite neu und versuchen Sie es erneut.
error-bad-body = Diese Anfrage lässt sich nicht lesen: Laden Sie die Seite neu und versuchen Sie es erneut.
error-bad-path = Diese Adresse ist ungültig: Prüfen Sie sie.
error-bad-query = Diese Adresse enthält einen falschen Wert: Prüfen Sie sie.
error-content-type = Diese Anfrage muss als JSON gesendet werden.
error-body-too-large = Diese Anfrage ist zu groß für den Server: Senden Sie weniger.
error-body-timeout = Die Anfrage ist abgebrochen, bevor sie vollständig war: Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.
error-method-not-allowed = Diese Adresse beantwortet diese Art von Anfrage nicht.

# The analysis board and the board editor (POST /api/position).
error-bad-position = Das ist keine Stellung: zwölf Samenzahlen, zwei Speicher und die Seite am Zug, durch Bindestriche getrennt.
error-seed-count = Mulden und Speicher müssen zusammen 48 Samen enthalten.
error-position-won = Eine Seite hat hier schon mehr als die Hälfte der Samen geschlagen: Die Partie ist vorbei.
error-position-drawn = Beide Seiten haben hier schon je 24 Samen geschlagen: Die Partie ist remis.
error-no-legal-move = Die Seite am Zug hat hier keinen regelgerechten Zug, also beenden die Regeln die Partie.
error-bad-record = Diese Partienotation lässt sich in Zeile { $line }, Spalte { $column } nicht lesen: Prüfen Sie sie dort und versuchen Sie es erneut.

## Klassen (Issue 56).

error-bad-pupils = Geben Sie mindestens einen Namen an.
error-bad-work = Diese Aufgabe kann nicht gegeben werden: Prüfen Sie Art, Inhalt und Datum.
error-bad-level = Eine Zählstufe geht von 1 bis 4.
error-bad-sheet = Diese Blattnummer gibt es nicht.
error-pupil-safe = Ein Kinderkonto spielt und chattet nur mit seiner Klasse und dem Computer, bis die Lehrkraft es öffnet.
error-too-many-classes = Sie haben so viele Klassen wie erlaubt: Löschen Sie zuerst eine.
error-too-many-rounds = Sie haben so viele offline gespielte Aufgaben gesendet, wie ein Tag erlaubt: Die übrigen werden aufbewahrt und morgen gesendet.
error-too-many-pupils = Diese Klasse hat so viele Kinder wie erlaubt.
error-too-much-work = Diese Klasse hat so viele Aufgaben wie erlaubt: Entfernen Sie zuerst welche.
