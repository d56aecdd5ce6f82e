# Die Fehlerantworten des Servers (siehe en/errors.ftl).

error-bad-credentials = Name oder Passwort ist falsch.
error-bad-lang = Diese Sprache gibt es auf der Seite nicht.
error-empty-pit = Diese Mulde ist leer: Wählen Sie eine Mulde mit Samen.
error-name-taken = Dieser Name ist schon vergeben: Wählen Sie einen anderen.
error-not-your-turn = Sie sind nicht am Zug.
