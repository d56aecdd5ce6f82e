# Les leçons et les problèmes : les modèles learn.html et training.html, le texte des leçons
# (crates/oware-lessons) et `oware learn`. Les messages des scripts sont dans scripts-learn.ftl.

## La page des problèmes (static/training.html).

learn-puzzles-title = Problèmes d'awalé
learn-puzzles-description = Problèmes d'awalé : trouve le seul bon coup, avec un classement comme pour les parties ; le problème du jour et un mode série.
learn-puzzles-skip = Aller au plateau
learn-puzzles-heading = Problèmes
learn-puzzles-rating-none = Classement aux problèmes : –
learn-puzzles-theme = Thème
learn-puzzles-theme-any = Tous
learn-puzzles-streak-mode = Mode série
learn-puzzles-loading = Chargement…
learn-puzzles-board = Plateau du problème
learn-puzzles-store = Grenier
learn-puzzles-their-pits = Cases de l'adversaire
learn-puzzles-your-pits = Tes cases : touches 1 à 6
learn-puzzles-step-back = Reculer dans la solution
learn-puzzles-step-forward = Avancer dans la solution
learn-puzzles-vote-up = Voter pour ce problème
learn-puzzles-vote-down = Voter contre ce problème
learn-puzzles-next = Problème suivant

## La page des leçons (static/learn.html).

learn-page-title = Apprendre l'awalé
learn-page-description = Apprends à jouer à l'awalé : de courtes leçons sur le plateau, des premières graines semées à la fin de la partie, et un entraînement au comptage.
learn-page-heading = Apprendre à jouer à l'awalé
learn-page-intro = De courtes leçons sur un vrai plateau. Chaque étape a un but : joue une case et regarde ce qui se passe. Prends ton temps : tu peux réessayer autant de fois que tu veux.
learn-count-heading = Entraînement au comptage
learn-count-intro = Où tombe la dernière graine, et combien de graines y aura-t-il ? Entraîne-toi à compter, avec ou sans chrono.
learn-count-start = Commencer à compter
learn-goal = But :
learn-board = Plateau
learn-north-row = Rangée de Nord
learn-your-row = Ta rangée
learn-keys = Touches :
learn-keys-play = jouer tes cases A à F
learn-keys-hint = indice
learn-keys-retry = réessayer
learn-hint-button = Indice
learn-agree-button = D'accord pour arrêter
learn-retry-button = Réessayer
learn-more = En savoir plus
learn-count-timed = Avec un chrono (20 secondes par question)
learn-count-landing = La dernière graine tombe en
learn-count-seeds = Graines dans cette case
learn-count-check = Vérifier
learn-count-score = Bonnes réponses :
learn-count-level = Niveau
learn-count-next = Question suivante

## Les explications de chaque coup dans les leçons (crates/oware-lessons, src/check.rs), données
## par /api/learn/{lesson}/{step}/move et `oware learn`. « Nord » est l'adversaire de l'élève.

learn-list = { $first } et { $last }
learn-you-sowed = { $count ->
    [one] Tu as semé { $count } graine depuis { $from } : elle est tombée en { $pits }.
   *[other] Tu as semé { $count } graines depuis { $from } : une dans chaque case, { $pits }.
}
learn-north-sowed = { $count ->
    [one] Nord a semé { $count } graine depuis { $from } : elle est tombée en { $pits }.
   *[other] Nord a semé { $count } graines depuis { $from } : une dans chaque case, { $pits }.
}
learn-you-sowed-round = Tu as semé { $count } graines depuis { $from }, une dans chaque case, de { $first } jusqu'à { $last } en faisant le tour.
learn-north-sowed-round = Nord a semé { $count } graines depuis { $from }, une dans chaque case, de { $first } jusqu'à { $last } en faisant le tour.
learn-skipped = Avec 12 graines ou plus, on a sauté { $from }, la case d'où venaient les graines.
learn-last-your-side = La dernière graine est tombée en { $pit }, de ton côté : cette case en a maintenant { $count }.
learn-last-north-side = La dernière graine est tombée en { $pit }, du côté de Nord : cette case en a maintenant { $count }.
learn-grand-slam = Ce coup prendrait toutes les graines de l'autre côté : c'est un grand chelem. Il est permis, mais il ne prend rien.
learn-you-captured = Tu as pris { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} en { $pits }.
learn-north-captured = Nord a pris { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} en { $pits }.
learn-no-capture = { $count }, ce n'est ni 2 ni 3 : on ne prend rien.
learn-you-fed = Nord n'avait plus de graines, et ce coup lui en a donné.
learn-north-fed = Tu n'avais plus de graines, et ce coup t'en a donné.
learn-end-capture = Un joueur a 25 graines ou plus : la partie est finie.
learn-end-draw = Les deux joueurs ont 24 graines : la partie est finie.
learn-end-no-feed = Le joueur au trait ne peut donner aucune graine à l'autre : la partie est finie, et chacun prend les graines de sa rangée.
learn-end-cycle = Les graines tournaient en rond et les joueurs ont décidé d'arrêter : chacun prend les graines de sa rangée.
learn-end-you-win = Score final : { $you } à { $north }. Tu gagnes !
learn-end-north-wins = Score final : { $you } à { $north }. Nord gagne.
learn-end-drawn = Score final : { $you } à { $north }. Match nul.
learn-illegal-empty = La case { $pit } est vide : il n'y a rien à semer. Choisis une case avec des graines.
learn-illegal-must-feed = Nord n'a plus de graines, alors tu dois lui en donner : celles de { $pit } ne vont pas jusqu'à lui. Choisis une autre case.
learn-illegal-over = La partie est déjà finie.
learn-illegal-other = La case { $pit } ne peut pas être jouée ici.
learn-miss-land-in = Ta dernière graine doit tomber en { $pit } ; elle est tombée en { $landed }.
learn-miss-capture = Le but est de prendre { $goal } graines ou plus en un coup ; ce coup en a pris { $count }.
learn-miss-grand-slam = Ce coup n'atteint pas toutes les graines de Nord.
learn-miss-feed = Nord n'a toujours pas de graines.
learn-miss-not-over = La partie n'est pas encore finie.
learn-miss-win = La partie est finie, mais tu ne l'as pas gagnée.
learn-miss-draw = La partie est finie, mais pas à 24 partout.
learn-miss-agree-share = Arrêter maintenant ne te donnerait pas ta part.
learn-miss-agree-instead = Les graines ne font que tourner. Ici, le but est de te mettre d'accord avec Nord pour arrêter la partie.
learn-miss-pit-holds = Ta plus grosse case a { $count } graines ; le but est une case de { $goal } ou plus.
learn-miss-safe = Maintenant, Nord peut prendre : { $threats }.
learn-threat = { $pit } prendrait { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
learn-north-replied = { $captured ->
    [0] Nord a répondu en jouant { $pit }. À toi !
   *[other] Nord a répondu en jouant { $pit } et a pris { $captured } graines. À toi !
}
learn-your-move = À toi !
learn-miss-moves-left = { $count ->
    [0] Maintenant, aucune de tes cases n'a de graines
    [one] Maintenant, une seule de tes cases a des graines
   *[other] Maintenant, seules { $count } de tes cases ont des graines
} ; le but est d'en garder { $goal }.
learn-miss-side-not-empty = Il te reste { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} de ton côté.
learn-miss-cannot-feed = Nord ne peut pas te donner de graines, donc la partie s'arrête.
learn-miss-not-agree = Cette étape demande de jouer une case, pas d'arrêter la partie.
learn-agreed = Nord et toi avez décidé d'arrêter la partie.
learn-cannot-agree = Tu ne peux pas arrêter la partie ici.
learn-try-again = Essaie encore.

## La réponse de l'entraînement au comptage (/api/learn/count).

learn-count-explained = { $pit } a { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} : la dernière tombe en { $landing }, qui en a alors { $seeds }.
learn-count-skipped = (On saute la case { $pit } elle-même.)

## `oware learn`, les leçons dans le terminal (crates/oware-cli/src/cmd/learn.rs).

learn-cli-cannot-read = (impossible de lire la progression dans { $path } : on repart de zéro)
learn-cli-cannot-keep = (impossible d'enregistrer la progression dans { $path } : { $error })
learn-cli-line-too-long = Cette ligne est trop longue.
learn-cli-list = Leçons (tes étoiles, sur 3 par étape) :
learn-cli-done = finie
learn-cli-stars = { $count }/{ $total } étoiles
learn-cli-step = == { $lesson } - étape { $step } sur { $steps } : { $title }
learn-cli-goal = But : { $task }
learn-cli-word-hint = indice
learn-cli-word-agree = accord
learn-cli-word-quit = quitter
learn-cli-move = Ton coup (A-F ou 1-6, { $hint }, { $agree }, { $quit }) :{" "}
learn-cli-bad-move = « { $move } » n'est pas un coup : tape une case de A à F (ou de 1 à 6), { $hint }, { $agree } ou { $quit }.
learn-cli-hint = Indice : { $hint }
learn-cli-step-done = Étape réussie : { $stars }
learn-cli-again = (L'étape recommence.)
learn-cli-lesson = Leçon { $number } : { $title }
learn-cli-complete = Leçon terminée : { $title } ({ $count } étoiles sur { $total }).
learn-cli-no-lesson = pas de leçon { $choice } : donne un numéro de 1 à { $count } ou un nom (oware learn les liste)
learn-cli-choose = Leçon (un numéro, ou { $quit }) :{" "}
learn-cli-type-number = Tape un numéro de leçon de 1 à { $count }.
learn-cli-bye = Au revoir ! Tes étoiles sont gardées pour la prochaine fois.
