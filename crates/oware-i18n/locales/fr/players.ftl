# Les pages des joueurs : profils, classements et nouveau mot de passe (static/player.html), les
# tournois (static/tournament.html). Les messages de leurs scripts sont dans scripts-people.ftl.

people-loading = Chargement…

## static/player.html

people-title = Joueurs d'awalé
people-description = Les joueurs d'awalé : profils, cotes et classements.
people-ratings = Cotes
people-category = Catégorie
people-deviation = Écart
people-rated-games = Parties classées
people-rating-history = Historique de la cote
people-results = Résultats
people-result = Résultat
people-download-all = Tout télécharger (OGN)
people-ended = Fin
people-side = Camp
people-game = Partie
people-pages = Pages
people-newer = Plus récentes
people-older = Plus anciennes
people-played = Joué le
people-puzzle = Problème
people-leaderboard-note = Les 100 meilleurs de chaque catégorie, parmi les joueurs à la cote établie qui ont joué ces 30 derniers jours.
people-reset-heading = Choisir un nouveau mot de passe
people-same-again = Confirmer le mot de passe
people-reset-submit = Enregistrer le mot de passe
people-reset-done = Votre mot de passe est enregistré. Connectez-vous avec (en haut à droite).

## static/tournament.html

people-t-title = Tournois d'awalé
people-t-description = Les tournois d'awalé : arènes et tournois suisses, leurs classements et leurs parties.
people-t-running = En cours
people-t-upcoming = À venir
people-t-finished-heading = Terminés
people-t-create = Créer un tournoi
people-t-name = Nom
people-t-kind = Formule
people-t-kind-arena = Arène
people-t-kind-swiss = Suisse
people-t-minutes = Durée en minutes (arène)
people-t-rounds = Rondes (suisse)
people-t-clock = Minutes à la pendule
people-t-increment = Incrément en secondes
people-t-starts-in = Début dans (minutes)
people-t-create-button = Créer
people-t-berserk = Berserk
people-t-play = Aller à votre partie
people-t-standings = Classement
people-t-prev = Places précédentes
people-t-next = Places suivantes
people-t-points = Points
people-t-round = Ronde
people-board-tabs = Classements
people-board-people = Humains
people-board-bots = Robots
