# Les messages des scripts des leçons et des problèmes (static/js/learn.js, counting.js,
# learncard.js, training.js), envoyés en JSON à /i18n/{lang}.

## Des mots que la page des leçons et son script partagent.

learn-continue = Reprendre là où tu en étais
learn-back = Retour aux leçons
learn-next-step = Étape suivante

## Les leçons (learn.js).

learn-saved-account = Tes étoiles sont gardées sur ton compte.
learn-saved-browser = Tes étoiles sont gardées dans ce navigateur ({ $error })
learn-list-stars = { $count ->
    [one] { $count } étoile sur { $total }
   *[other] { $count } étoiles sur { $total }
}
learn-list-done = Finie · { $count ->
    [one] { $count } étoile sur { $total }
   *[other] { $count } étoiles sur { $total }
}
learn-store-north = Grenier de Nord : { $count }
learn-store-south = Ton grenier : { $count }
learn-step-title = Étape { $step } sur { $steps } : { $title }
learn-step-again = L'étape recommence. { $task }
learn-step-done = Étape réussie : { $count ->
    [one] { $count } étoile sur 3
   *[other] { $count } étoiles sur 3
} { $stars }.
learn-next-lesson = Leçon suivante
learn-hint-said = Indice : { $hint }
learn-tap-done = Cette étape est réussie : appuie sur « { $next } ».

## Les cases du plateau et l'entraînement au comptage (counting.js).

learn-pit-north = { $pit }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, case de Nord
learn-pit-north-changed = { $pit }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, case de Nord, vient de changer
learn-pit-yours = { $pit }, { $seeds } { $count ->
    [one] graine
   *[other] graines
}, ta case
learn-pit-yours-changed = { $pit }, { $seeds } { $count ->
    [one] graine
   *[other] graines
}, ta case, vient de changer
learn-count-question = On sème la case { $pit } de ta rangée. Où tombe la dernière graine, et combien de graines y aura-t-il ?
learn-count-has = La case { $pit } a { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}.
learn-count-left = encore { $count } s
learn-count-late = Le temps est écoulé.
learn-count-right = Exact !
learn-count-wrong = Pas tout à fait.
learn-count-cannot-check = Cette question n'a pas pu être vérifiée. En voici une nouvelle.
learn-count-your-pit = Ta case { $pit }
learn-count-north-pit = Case { $pit } de Nord

## Les problèmes (training.js).

learn-tr-heading = Problèmes
learn-tr-streak-title = Série de problèmes
learn-tr-daily = Problème du jour, { $date }
learn-tr-streak = Série : { $count } (record { $best })
learn-tr-rating = Classement aux problèmes : { $rating }
learn-tr-rating-guest = Classement aux problèmes : { $rating } (gardé dans ce navigateur)
learn-tr-your-pit = { $pit }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, ta case (touche { $key })
learn-tr-their-pit = { $pit }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, case de l'adversaire
learn-tr-their-store = Grenier de l'adversaire, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
learn-tr-your-store = Ton grenier, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
learn-tr-not-now = La case { $pit } ne peut pas être jouée maintenant.
learn-tr-not-yours = La case { $pit } ne peut pas être jouée maintenant : elle est à l'adversaire.
learn-tr-right = Bien joué : { $move }. L'adversaire répond { $reply }. À toi !
learn-tr-solved = Résolu !
learn-tr-failed = Ce n'est pas { $move } : le bon coup était { $expected }.
learn-tr-rating-change = Classement { $diff }.
learn-tr-not-rated = (Déjà joué : pas classé.)
learn-tr-unrated-not-served = (Pas classé : ce problème n'a pas été ouvert ici. Recharge-le pour le jouer classé.)
learn-tr-unrated-too-fast = (Pas classé : joué plus vite qu'une personne ne le peut.)
learn-tr-unrated-too-many = (Pas classé : assez de problèmes classés pour cette minute.)
learn-tr-unrated-offline = (Pas classé : joué hors ligne. Ton compte le recevra quand le réseau reviendra.)
learn-tr-explain-takes = { $move } prend { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} tout de suite.
learn-tr-explain-quiet = { $move } ne prend rien tout de suite.
learn-tr-explain-line = Toute la ligne gagne { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} de plus que l'adversaire.
learn-tr-explain-refute = Après { $move }, l'adversaire joue { $reply } et prend { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}.
learn-tr-streak-now = Série : { $count }.
learn-tr-streak-ends = La série s'arrête à { $count }.
learn-tr-step-through = Parcours la solution avec ◀ ▶.
learn-tr-start = Départ (solution { $line })
learn-tr-move-of = Coup { $n } sur { $total } : { $move }
learn-tr-info = Problème { $id } · classement { $rating } · { $count ->
    [one] { $count } coup à trouver
   *[other] { $count } coups à trouver
}
learn-tr-you-play-south = Tu joues Sud (la rangée du bas). Trouve le meilleur coup : touche une case ou appuie sur 1 à 6.
learn-tr-you-play-north = Tu joues Nord (la rangée du bas). Trouve le meilleur coup : touche une case ou appuie sur 1 à 6.
learn-tr-voted-up = Merci : tu as voté pour.
learn-tr-voted-down = Merci : tu as voté contre.
learn-tr-login-to-vote = Connecte-toi pour voter.

## Les thèmes des problèmes, selon le code envoyé par le serveur (docs/puzzles.md).

learn-theme-capture-chain = prise en chaîne
learn-theme-grand-slam = grand chelem
learn-theme-feeding-forced = nourrir obligatoire
learn-theme-big-pit = grosse case
learn-theme-endgame-exact = finale exacte
learn-theme-defend = défense
learn-theme-cycle = cycle
