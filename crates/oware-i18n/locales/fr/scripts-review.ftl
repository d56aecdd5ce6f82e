# Le bilan de la partie et le panneau Analyse (static/js/review.js, static/js/analysis.js), et
# les explications du bilan, que le serveur envoie sous forme de code et de faits
# (docs/review.md) : la page les formule ici. Les lettres des cases et des coups, les symboles
# (?!, ?, ??) et les évaluations (+1.50) sont de la notation. $name est le nom d'un joueur ou
# un camp (Sud, Nord).

## Le panneau du bilan
review-running = Bilan de la partie en cours…
review-running-spoken = Bilan de la partie en cours.
review-failed = Le bilan a échoué : { $error }
review-engine-failed = L'ordinateur de cette page n'a pas pu chercher ({ $error }). Rechargez la page pour réessayer.
review-ready = Bilan prêt. Précision : { $south } { $southAccuracy } %, { $north } { $northAccuracy } %. Choisissez un coup dans la liste ou sur le graphique.
review-progress = Bilan : { $done } sur { $total ->
    [one] { $total } coup
   *[other] { $total } coups
}
review-outdated = La partie a changé depuis ce bilan : relancez-le pour voir tous les coups.
review-hint = Choisissez un coup dans la liste ou sur le graphique (← → pour passer d'un coup à l'autre).
review-graph-label = Graphique d'évaluation : l'avance de { $south } en graines après chaque coup, au-dessus de la ligne du milieu ; celle de { $north } en dessous. Cliquez pour voir un coup.
review-col-player = Joueur
review-col-accuracy = Précision
review-col-best = Meilleur
review-col-good = Bon
review-accuracy = { $accuracy } %
review-move = Coup { $number } : { $name } a joué { $move }{ $symbol }.
review-class-best = Meilleur coup
review-class-good = Bon coup
review-class-inaccuracy = Imprécision
review-class-mistake = Erreur
review-class-blunder = Gaffe
review-lost = Graines perdues : { $seeds }.
review-values-best = { $move } { $value }.
review-values-only = { $move } { $value } (le seul bon coup).
review-values = { $move } { $value } ; meilleur coup { $best } { $bestValue }.

## Les valeurs (du bilan et du moteur)
review-value-exact = { $margin } exact
review-value-win = gain
review-value-loss = perte
review-value-win-in = gain en { $plies }
review-value-loss-in = perte en { $plies }
review-value-proven-win = gain prouvé
review-value-proven-loss = perte prouvée

## Les phrases des explications, une par code. $side et $opponent valent S ou N ; $pits,
## $moves et $left sont des listes déjà jointes par la page ; $value et $after sont des valeurs.
review-left-first = { $pit } avec { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}
review-left-more = { $pit } avec { $seeds }
review-note-missed-win = { $side ->
    [N] Nord
   *[S] Sud
} avait un gain prouvé ({ $value } avec { $best }) et l'a laissé passer : après { $move }, { $result ->
    [draw] c'est nul
    [loss] c'est perdu
   *[win] c'est gagné
}.
review-note-missed-win-eval = { $side ->
    [N] Nord
   *[S] Sud
} avait un gain prouvé ({ $value } avec { $best }) et l'a laissé passer : après { $move }, plus que { $after }.
review-note-best-captures = Le meilleur coup était { $move } : { $move } prend { $pits }, soit { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}.
review-note-best-captures-kroo = Le meilleur coup était { $move } : { $move }, un kroo de { $sown } graines, prend { $pits }, soit { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}.
review-note-best-line = Le meilleur coup était { $move } ({ $value }), suite { $line }.
review-note-allowed-next = { $move } a laissé { $left } : { $side ->
    [N] Nord
   *[S] Sud
} en a pris { $seeds } avec { $reply } au coup suivant.
review-note-allowed-can = { $move } a laissé { $left } : { $side ->
    [N] Nord
   *[S] Sud
} peut en prendre { $seeds } avec { $reply }.
review-note-kroo-sown = { $move } a semé un kroo de { $sown } graines sur tout le tour du plateau.
review-note-kroo-sown-capture = { $move } a semé un kroo de { $sown } graines sur tout le tour du plateau et a pris { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}.
review-note-kroo-built = { $move } a formé un kroo : { $pit } contient { $seeds } graines, de quoi faire le tour du plateau.
review-note-kroo-missed-sown = Occasion manquée : { $move } aurait semé un kroo de { $sown } graines sur tout le tour du plateau.
review-note-kroo-missed-sown-capture = Occasion manquée : { $move } aurait semé un kroo de { $sown } graines sur tout le tour du plateau et pris { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}.
review-note-kroo-missed-built = Occasion manquée : { $move } aurait formé un kroo ({ $pit } à { $seeds } graines, de quoi faire le tour du plateau).
review-note-forced-feed = La rangée de { $opponent ->
    [N] Nord
   *[S] Sud
} était vide : { $side ->
    [N] Nord
   *[S] Sud
} devait la nourrir, et { $count ->
    [one] seul { $moves } y parvenait
   *[other] seuls { $moves } y parvenaient
}.
review-note-only-legal = { $move } était le seul coup permis.
review-note-only-move = { $move } était le seul bon coup : tout autre coup coûte au moins { $seeds } graines.

## Le panneau Analyse et l'indice
review-hint-looking = Recherche d'un bon coup…
review-hint-found = Indice : essayez { $move } ({ $score } pour vous).
review-analysis-over = La partie est terminée.
review-analysis-players = Pas d'analyse pour les joueurs tant que la partie est en cours.
review-analysis-start = Analyser
review-analysis-stop = Arrêter
review-analysis-score-title = pour { $name }, le joueur au trait
review-analysis-line = { $line }  ({ $name } au trait)
review-analysis-depth-done = { $depth } (terminé)
review-egdb-you = { $move } : vous gagnez { $seeds } des { $total ->
    [one] { $total } graine
   *[other] { $total } graines
}
review-egdb-you-range = { $move } : vous gagnez de { $low } à { $high } des { $total ->
    [one] { $total } graine
   *[other] { $total } graines
}
review-egdb = { $move } : { $name } gagne { $seeds } des { $total ->
    [one] { $total } graine
   *[other] { $total } graines
}
review-egdb-range = { $move } : { $name } gagne de { $low } à { $high } des { $total ->
    [one] { $total } graine
   *[other] { $total } graines
}
review-egdb-building = bases de finales : construction en cours (jusqu'à { $target } graines)
review-egdb-building-ready = bases de finales : construction en cours (jusqu'à { $target } graines ; de 0 à { $ready } graines prêtes)
