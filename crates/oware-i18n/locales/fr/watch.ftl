# Regarder : la télé et les parties en cours (static/watch.html). Les messages des scripts sont dans scripts-watch.ftl.

watch-title = Télé { -brand } et parties en cours
watch-description = Regardez la meilleure partie d'{ -brand } en cours, ou choisissez n'importe quelle partie en cours.
watch-tv = Télé { -brand }
watch-channels = Chaînes
watch-channel-best = Meilleure partie
watch-channel-bots = Bots
watch-channel-tournament = Tournoi
watch-eval = Évaluation
watch-open = Ouvrir la partie
watch-all-games = Toutes les parties en cours
watch-games = Parties en cours
watch-filter-clock = Cadence
watch-filter-any = Toutes
watch-clock-blitz = Blitz
watch-clock-rapid = Rapide
watch-clock-correspondence = Correspondance
watch-clock-none = Sans pendule
watch-filter-rated = Classée
watch-rated = Classées
watch-casual = Amicales
watch-filter-bots = Bots
watch-bots-with = Avec les bots
watch-bots-without = Sans bots
watch-bots-only = Bots seulement
watch-prev = Précédentes
watch-next = Suivantes
watch-home-tv = En ce moment sur la télé { -brand }

## La recherche de parties du profil (static/player.html)

search-title = Chercher dans les parties
search-opponent = Adversaire
search-result = Résultat
search-win = Gagnées
search-draw = Nulles
search-loss = Perdues
search-ending = Fin
search-ending-capture = Prise
search-ending-cycle = Cycle
search-ending-agreement = Accord
search-ending-time = Temps
search-ending-resign = Abandon
search-opening = Premiers coups
search-go = Chercher
