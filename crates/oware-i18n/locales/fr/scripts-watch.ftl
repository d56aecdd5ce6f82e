# Regarder : la télé, les parties en cours et la planche de la télé sur l'accueil (static/js/watch.js, static/js/miniboard.js, static/js/hometv.js).

watch-none = Aucune partie ne se joue sur cette chaîne en ce moment : la prochaine s'affichera ici dès qu'elle commencera.
watch-none-list = Aucune partie en cours ne correspond.
watch-count = { $count ->
    [one] Une partie en cours
   *[other] { $count } parties en cours
}
watch-page = Page { $page } sur { $pages }
watch-board-label = { $south } (Sud) contre { $north } (Nord), après { $ply ->
    [one] un coup
   *[other] { $ply } coups
} ; au tour de { $turn }. Greniers : Sud { $south_store }, Nord { $north_store }.
watch-result-win = { $name } a gagné. La partie suivante arrive dans un instant.
watch-result-draw = Partie nulle. La partie suivante arrive dans un instant.
watch-result-none = La partie s'est terminée sans résultat. La partie suivante arrive dans un instant.
watch-eval-south = Sud { $score }
watch-eval-busy = Le moteur est occupé : l'évaluation reviendra au prochain coup.
watch-watch = Regarder

## La recherche de parties du profil (static/js/gamesearch.js)

search-none = Aucune partie trouvée.
search-hit-win = Gagnée contre { $opponent } en { $plies } coups, le { $date }
search-hit-draw = Nulle contre { $opponent } en { $plies } coups, le { $date }
search-hit-loss = Perdue contre { $opponent } en { $plies } coups, le { $date }
