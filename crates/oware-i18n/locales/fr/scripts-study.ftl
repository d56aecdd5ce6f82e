# The analysis board (static/js/study.js) and the board editor (static/js/editor.js). Pit and
# move letters (A–F, a–f), position text and evaluations (+1.50) are notation. $name is a
# player's name or a side (South, North).

study-south = Sud
study-north = Nord
study-engine-start = Analyser
study-engine-stop = Arrêter le moteur
study-pit = { $pit }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, case de { $name }
study-store = Grenier de { $name } : { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
study-to-move = { $name } au trait.
study-over-win = Partie terminée : { $name } gagne, { $south }–{ $north }.
study-over-draw = Partie terminée : match nul, { $south }–{ $north }.
study-tables-none = Pas de valeur ici : les tables de finales couvrent les positions où il reste peu de graines sur le plateau.
study-why-other-row = C'est au tour de { $name } : jouez une case de la rangée de { $name }.
study-tree-empty = Jouez un coup sur le plateau. Un coup joué depuis une position antérieure ouvre une variante.
study-move-label = Coup { $number }, { $name } : { $move }
study-engine-over = La partie est terminée dans cette position.
study-engine-pv = { $line } (au mieux pour { $name })
study-engine-depth-done = { $depth } (terminé)
study-imported = Partie importée : { $plies ->
    [one] { $plies } coup
   *[other] { $plies } coups
}.
study-copied = Lien copié.
study-bad-link = La position de ce lien ne peut pas être affichée ({ $why }) : voici la position de départ.
editor-pit = { $pit }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, case de { $name }
editor-store = Grenier de { $name } : { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
editor-left = Graines restantes : { $left } sur { $total }
editor-too-many = { $over ->
    [one] { $over } graine de trop
   *[other] { $over } graines de trop
} : une partie en compte { $total }.
editor-valid = Une partie peut arriver à cette position : { $name } au trait.
editor-refused = Cette position ne peut pas venir d'une partie : { $why }
editor-bad-text = Ce n'est pas un texte de position : douze nombres de graines, deux greniers et S ou N, séparés par des tirets.
editor-copied = Texte de la position copié.
