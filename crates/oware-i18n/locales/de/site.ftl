# Der Rahmen der Seite: die Kopfzeile jeder Seite und Wörter, die mehrere Seiten teilen.

-brand = Oware

nav-main = Hauptmenü
nav-home = { -brand }, Startseite
nav-play = Spielen
nav-puzzles = Aufgaben
nav-learn = Lernen
nav-tournaments = Turniere
nav-tv = TV
nav-leaderboard = Rangliste
nav-rules = Regeln
nav-tips = Tipps
nav-faq = FAQ
nav-account = Konto
lang-menu = Sprache
