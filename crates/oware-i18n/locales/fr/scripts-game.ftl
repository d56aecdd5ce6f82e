# Les scripts de la page de jeu (static/js : main, dialogs, controls, board, status, movelist, state,
# game, clock, cycle, record, api).

## Les noms : le serveur nomme les camps en anglais, la page les affiche dans sa langue.
game-side-south = Sud
game-side-north = Nord
game-name-you = Vous
game-name-computer = Ordinateur ({ $level })
game-level-easy = Facile
game-level-medium = Moyen
game-level-hard = Difficile
game-level-expert = Expert

## La ligne d'état au-dessus du plateau
game-status-choose = Choisissez un adversaire pour commencer.
game-status-replay-start = Relecture : position de départ
game-status-replay = Relecture : position après le coup { $ply }
game-status-open-invite = En attente d'un adversaire : envoyez le lien d'invitation
game-status-seat-free = Une place est libre : prenez-la pour jouer
game-status-aborted = Partie annulée
game-status-cancelled = Ce défi a été annulé
game-status-your-move = À vous de jouer
game-status-waiting = En attente du coup de { $name }
game-status-watching = Au tour de { $name } · vous regardez
game-status-over-you-win = Partie terminée : vous gagnez, { $bottom }–{ $top }
game-status-over-wins = Partie terminée : { $name } gagne, { $bottom }–{ $top }
game-status-over-draw = Partie terminée : nulle, { $bottom }–{ $top }
game-status-thinking = { $name } réfléchit
game-status-your-turn = À vous : choisissez une de vos cases
game-status-to-move = Au tour de { $name }

## Un coup en mots (lu par les lecteurs d'écran)
game-move-you = Vous jouez { $letter } : { $sown ->
    [one] { $sown } graine semée
   *[other] { $sown } graines semées
}.
game-move = { $name } joue { $letter } : { $sown ->
    [one] { $sown } graine semée
   *[other] { $sown } graines semées
}.
game-move-you-capture = Vous jouez { $letter } : { $sown ->
    [one] { $sown } graine semée
   *[other] { $sown } graines semées
}, et prenez { $captured } en { $pits }.
game-move-capture = { $name } joue { $letter } : { $sown ->
    [one] { $sown } graine semée
   *[other] { $sown } graines semées
}, et prend { $captured } en { $pits }.
game-move-you-slam-capture = Vous jouez { $letter } : { $sown ->
    [one] { $sown } graine semée
   *[other] { $sown } graines semées
}, et prenez { $captured } en { $pits } (grand chelem).
game-move-slam-capture = { $name } joue { $letter } : { $sown ->
    [one] { $sown } graine semée
   *[other] { $sown } graines semées
}, et prend { $captured } en { $pits } (grand chelem).
game-move-you-slam = Vous jouez { $letter } : { $sown ->
    [one] { $sown } graine semée
   *[other] { $sown } graines semées
} (un grand chelem : aucune prise avec ces règles).
game-move-slam = { $name } joue { $letter } : { $sown ->
    [one] { $sown } graine semée
   *[other] { $sown } graines semées
} (un grand chelem : aucune prise avec ces règles).

## Pourquoi une case ne peut pas être jouée
game-why-no-game = Commencez d'abord une partie.
game-why-replay = Vous regardez une position antérieure : revenez à la partie pour jouer.
game-why-game-over = La partie est terminée.
game-why-wait = Patientez : { $name } réfléchit.
game-why-computers-pit = Cette case est à l'ordinateur. Les vôtres sont sur la rangée du bas.
game-why-not-your-row = C'est au tour de { $name } : jouez une case de sa rangée.
game-why-empty-pit = La case { $pit } est vide.
game-why-must-feed-you = Vous n'avez plus de graines : l'ordinateur doit jouer une case qui vous en donne.
game-why-must-feed = { $name } n'a plus de graines : vous devez jouer une case qui lui en donne.
game-why-grand-slam = Ce coup prendrait toutes les graines de votre adversaire (un grand chelem), ce que ces règles interdisent tant qu'un autre coup existe.

## Les libellés du plateau (lecteurs d'écran) et les infobulles
game-pit-label-you = { $letter }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, votre case
game-pit-label = { $letter }, { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, case de { $name }
game-pit-cannot = { $label } (injouable : { $why })
game-pit-played = { $label }, le coup joué
game-pit-best = { $label }, le meilleur coup selon la revue
game-store-label-you = Votre grenier : { $count ->
    [one] { $count } graine prise
   *[other] { $count } graines prises
}
game-store-label = Grenier de { $name } : { $count ->
    [one] { $count } graine prise
   *[other] { $count } graines prises
}
game-row-you = Vos cases
game-row = Cases de { $name }
game-captured-seeds = graines prises
game-score-final = { $total } au total : { $captured } prises, { $shared } venues du plateau
game-egdb-exact = gagne { $lo } { $total ->
    [one] de la seule graine
   *[other] des { $total } graines
}
game-egdb-range = gagne de { $lo } à { $hi } { $total ->
    [one] de la seule graine
   *[other] des { $total } graines
}

## La liste des coups
game-no-moves = Aucun coup pour l'instant.
game-movelist-move-you = Coup { $ply } : vous avez joué { $move }. Afficher cette position.
game-movelist-move = Coup { $ply } : { $name } a joué { $move }. Afficher cette position.
game-movelist-review-you = Coup { $ply } : vous avez joué { $move }. { $verdict } Afficher la revue de ce coup.
game-movelist-review = Coup { $ply } : { $name } a joué { $move }. { $verdict } Afficher la revue de ce coup.
game-class-best = Meilleur coup.
game-class-good = Bon coup.
game-class-inaccuracy = Imprécision.
game-class-mistake = Erreur.
game-class-blunder = Gaffe.

## Sous le plateau, le panneau Notation
game-replay-start = Position de départ affichée
game-replay-after = Position après le coup { $ply } affichée
game-rules-standard = abapa (standard)
game-copied-position = Position en texte copiée.
game-copied-ogn = Notation OGN copiée.
game-ogn-unavailable = Impossible de récupérer la notation OGN : réessayez.

## Les pendules (lecteurs d'écran)
game-clock-you = Votre pendule : { $time }
game-clock-you-running = Votre pendule : { $time }, en marche
game-clock = Pendule de { $name } : { $time }
game-clock-running = Pendule de { $name } : { $time }, en marche

## Les messages sous le plateau
game-new-computer-you-start = Nouvelle partie contre l'ordinateur ({ $level }). Vous commencez.
game-new-computer-starts = Nouvelle partie contre l'ordinateur ({ $level }). L'ordinateur commence.
game-new-friend = Nouvelle partie contre un ami. { $name } commence.
game-imported-over = Partie importée : elle reprend après le coup { $ply }. Elle est déjà terminée.
game-imported-you-move = Partie importée : elle reprend après le coup { $ply }. À vous de jouer.
game-imported-computer-moves = Partie importée : elle reprend après le coup { $ply }. L'ordinateur joue.
game-imported-to-move = Partie importée : elle reprend après le coup { $ply }. Au tour de { $name }.
game-welcome-back = Bon retour : votre partie vous attend là où vous l'avez laissée.
game-undone = Coup repris.
game-redone = Coup rejoué.
game-online-missing = { $error } Commencez une nouvelle partie ou choisissez un défi dans le salon de la page d'accueil.
game-error-unreachable = Le serveur est injoignable. `oware serve` tourne-t-il toujours ?
game-error-status = Le serveur a répondu { $status }.
game-rated-note-account = règles standard avec pendule ; les deux joueurs doivent avoir un compte
game-rated-note-guest = connectez-vous pour jouer des parties classées (règles standard, avec pendule)

## Finir une partie sur un appareil par un cycle
game-cycle-proposes = { $name } propose de finir la partie : la position tourne en boucle (chacun prend les graines de sa rangée).
game-cycle-ask = { $name } propose de finir la partie : la position tourne en boucle (chacun prend les graines de sa rangée). { $other }, êtes-vous d'accord ?
game-cycle-declined = La partie continue : la proposition a été refusée.
game-cycle-computer-moves = La partie continue : l'ordinateur joue.
game-cycle-considers = L'ordinateur examine votre proposition…
game-cycle-computer-agrees = L'ordinateur accepte : la partie s'arrête et chacun prend les graines de sa rangée.
game-cycle-computer-declines = L'ordinateur refuse : il pense faire mieux en continuant.

## La fin de la partie
game-over-aborted = Partie annulée
game-over-draw = Partie nulle
game-over-you-win = Vous avez gagné !
game-over-computer-wins = L'ordinateur a gagné
game-over-wins = { $name } a gagné !
game-over-opponent-wins = { $name } a gagné
game-over-announce = Partie terminée. { $title } { $bottom } à { $top }. { $reason }
game-end-capture-you = Vous avez pris plus de la moitié des 48 graines.
game-end-capture = { $name } a pris plus de la moitié des 48 graines.
game-end-draw = Chaque joueur a pris 24 graines.
game-end-no-feed-you = Vous ne pouviez pas jouer, ou pas donner de graines à l'adversaire. Chacun prend les graines restées sur sa rangée.
game-end-no-feed = { $name } ne pouvait pas jouer, ou pas donner de graines à l'adversaire. Chacun prend les graines restées sur sa rangée.
game-end-cycle-third = La même position est revenue une troisième fois : la partie est finie. Chacun prend les graines restées sur sa rangée.
game-end-cycle-third-even = La même position est revenue une troisième fois : la partie est finie. Les graines restantes ont été partagées à parts égales.
game-end-cycle-first = La même position est revenue : la partie est finie. Chacun prend les graines restées sur sa rangée.
game-end-cycle-first-even = La même position est revenue : la partie est finie. Les graines restantes ont été partagées à parts égales.
game-end-time = { $name } n'a plus de temps.
game-end-resign = { $name } a abandonné.
game-end-agreement = Les joueurs ont convenu d'une partie nulle.
game-end-agreed-cycle = Les joueurs ont convenu que la partie tournait en boucle sans fin : chacun prend les graines de sa rangée.
game-end-abandon = { $name } a quitté la partie et { $winner } a revendiqué la victoire.
game-end-abandon-draw = Un joueur a quitté la partie et l'autre a déclaré la partie nulle.
game-end-aborted = La partie a été annulée avant que les deux joueurs aient joué : elle ne compte pas.
game-end-rating = Classement :
game-end-rating-of = { $name } { $rating }
