# Die Seiten der Klassen und Arbeitsblätter (static/class.html, worksheet.html) und die Kopfzeile
# der Fortschritts-CSV (classes/mod.rs). Lehrkräfte werden gesiezt, Kinder geduzt.

classes-title = Klassen · Oware
classes-description = Eine Oware-Klasse leiten: Zugangsdaten für die Kinder ohne E-Mail, Lektionen und Aufgaben, der Fortschritt aller.
classes-heading = Klassen
classes-log-in-first = Melden Sie sich oben rechts an, um eine Klasse zu leiten. Als Kind meldest du dich mit den Zugangsdaten an, die du von deiner Lehrkraft bekommen hast.
classes-yours = Ihre Klassen
classes-none = Noch keine Klassen.
classes-new-name = Name der neuen Klasse
classes-create = Klasse anlegen
classes-worksheets-link = Arbeitsblätter zum Ausdrucken für eine Klasse ohne Computer
classes-back = Alle Klassen
classes-add-label = Kinder hinzufügen, ein Name pro Zeile
classes-add = Kinder hinzufügen
classes-add-note = Jedes Kind bekommt einen Benutzernamen und ein Passwort, ohne E-Mail. Das Passwort wird nur jetzt angezeigt: Drucken Sie das Blatt aus.
classes-sheet-heading = Zugangsdaten
classes-print = Zugangsdaten drucken
classes-assign-heading = Aufgaben geben
classes-assign-kind = Art
classes-assign-what = Was
classes-assign-due = Fällig am
classes-assign = Aufgabe geben
classes-progress-heading = Fortschritt
classes-progress-table = Der Fortschritt jedes Kindes
classes-csv = Als CSV herunterladen (Tabellenkalkulation)
classes-arena = Klassen-Arena starten
classes-delete = Klasse löschen
classes-pupil-heading = Deine Klasse
classes-pupil-work = Deine Aufgaben
classes-safe-note = Mit deinem Konto spielst und chattest du nur mit deiner Klasse und dem Computer.

classes-ws-title = Arbeitsblätter · Oware
classes-ws-description = Oware-Arbeitsblätter zum Ausdrucken: Zählübungen und Aufgaben nach Stufe und Thema, die Lösungen auf einer eigenen Seite.
classes-ws-heading = Arbeitsblätter
classes-ws-level = Zählstufe
classes-ws-theme = Thema der Aufgaben
classes-ws-theme-any = Alle Themen
classes-ws-sheet = Blattnummer
classes-ws-make = Blatt erstellen
classes-ws-print = Drucken
classes-ws-counting = Zählen
classes-ws-counting-task = Säe die markierte Mulde aus. Wo landet der letzte Samen, und wie viele Samen liegen danach in dieser Mulde?
classes-ws-puzzles = Aufgaben
classes-ws-answers = Lösungen
classes-ws-name = Name:

classes-csv-pupil = Kind
classes-csv-username = Benutzername
classes-csv-kind = Art
classes-csv-target = Aufgabe
classes-csv-due = Fällig
classes-csv-done = Erledigt
classes-csv-score = Punkte
classes-csv-of = Von
classes-csv-tried = Versuchte Aufgaben
classes-csv-last = Zuletzt geübt (UTC)
classes-csv-minutes = Übungszeit (Minuten)
