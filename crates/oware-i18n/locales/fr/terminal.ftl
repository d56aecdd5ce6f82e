# Le jeu dans le terminal, `oware play` (crates/oware-tui). Les lignes de touches tiennent en 80 colonnes.

side-south = Sud
side-north = Nord
level-easy = facile
level-medium = moyen
level-hard = difficile
level-expert = expert

keys-local = 1-6 jouer  u annuler  r refaire  h indice  a analyse  e cycle  s sauver  q fin
keys-cycle = y accepter : finir la partie par un cycle  n refuser  ? aide  q quitter
keys-online = 1-6 jouer  d nulle  t reprise  e cycle  x abandon  y/n  m chat  ? aide  q fin
keys-online-over = n revanche  y/n répondre  m chat  a analyse  c copier  s sauver  ? aide  q fin
keys-watch = spectateur :  m chat  a analyse  c copier  s sauver  ? aide  q quitter
keys-chat = chat : écrivez  Entrée envoie  Retour arrière efface  Échap ferme

prompt-save = Enregistrer la partie (OGN) dans
prompt-open = Ouvrir la partie OGN
prompt-title = { $what } : (Entrée, Échap annule)

title-vs-computer = vous ({ $side }) contre l'ordinateur ({ $level })
title-friend = deux joueurs
title-line = Awalé  { $opponent }  règles { $rules }
title-help = ? aide

pane-board = Plateau
pane-captured = grenier
pane-game = Partie
pane-analysis = Analyse
pane-moves = Coups
pane-help = Aide

game-over = Partie terminée : { $result }
over-keys-local = n : revanche  u : reprendre  s : sauver  q : quitter
over-keys-online = n : revanche  s : sauver  q : quitter
over-keys-watch = s : sauver  q : quitter
info-position = position
info-tables = tables
info-copied = copié
analysis-label = analyse
analysis-thinking = en réflexion (a : arrêter)
analysis-done = terminée
analysis-stopped = arrêtée (a : relancer)
analysis-score = { $score } pour { $side }
analysis-depth = profondeur { $depth }
analysis-nodes = { $nodes } nœuds
analysis-line = ligne
analysis-off = analyse désactivée (a : analyser cette position)

turn-computer = L'ordinateur ({ $level }) réfléchit…
turn-yours = À vous : touches 1-6, flèches et Entrée, ou cliquez une case
turn-friend = Au tour de { $side } : touches 1-6, flèches et Entrée, ou un clic

result-wins = { $side } gagne { $south }-{ $north }
result-draw = Partie nulle { $south }-{ $north }
outcome-line = { $result } (Sud-Nord) : { $why }
why-capture = 25 graines ou plus prises
why-draw = 24 graines chacun
why-no-move = { $side } ne peut pas jouer : chacun garde les graines de sa rangée
why-cycle-own = répétition : chacun garde les graines de sa rangée
why-cycle-even = répétition : les graines restantes sont partagées
why-agreed-cycle = cycle accepté : chacun garde les graines de sa rangée

help-in-game = Règles de cette partie : { $rules }
help-rules =
    Awalé (abapa) : deux rangées de six cases, quatre graines dans chacune ; Sud
    commence. Un coup prend toutes les graines d'une de vos cases et les sème une
    à une dans le sens inverse des aiguilles d'une montre (votre rangée de gauche
    à droite, puis celle de l'adversaire), en sautant la case vidée. Si la
    dernière graine fait 2 ou 3 dans une case adverse, vous les prenez, ainsi que
    celles des cases précédentes de cette rangée tant qu'elles en ont 2 ou 3.
    Si l'adversaire n'a plus de graines, vous devez le nourrir quand vous pouvez.
    La partie finit à 25 graines prises, à 24-24, quand le joueur au trait ne
    peut pas jouer (chacun prend sa rangée), quand une position se répète (selon
    les options des règles) ou quand les deux joueurs conviennent d'un cycle.
help-keys-local =
    Touches : 1-6 jouent vos cases depuis votre gauche ; les flèches déplacent le
    curseur, Entrée joue ; un clic sur une case la joue. u annule, r refait,
    h indice (puis Entrée), a active ou coupe l'analyse, c copie la position
    (presse-papiers OSC 52), s enregistre et o ouvre une partie OGN, n nouvelle
    partie (revanche : on change de côté), e propose de finir par un cycle
    (réponse y/n), q ou Ctrl-C quitte. Sous votre rangée : les valeurs de la base
    de finales (votre écart final de graines) quand les tables couvrent la position.
help-keys-online =
    En ligne : 1-6, flèches, Entrée ou un clic envoient votre coup. d propose la
    nulle, t une reprise, e de finir par un cycle (chacun prend sa rangée ; un
    coup l'annule) ; une seconde fois : retirée. y accepte, n refuse l'offre de
    l'adversaire ; x abandonne (y confirme ; a annule la partie avant que les deux
    aient joué) ; après la partie, n : revanche. w réclame la victoire (= la
    nulle) quand l'adversaire, au trait, est absent. m : chat (Entrée envoie,
    140 caractères au plus, Échap ferme). a analyse après la partie ou en
    spectateur ; s enregistre, c copie ; q quitte (la partie continue).
help-close = Échap, ? ou q ferme cette aide.

## Jeu en ligne : l'invite du salon (crates/oware-tui/src/lobby.rs)

term-address-or-server = { $error } (ou l'adresse du serveur seule, par ex. http://127.0.0.1:8080, pour son salon)
term-clock-bad = « { $text } » n'est pas une cadence : donnez MINUTES+SECONDES (par ex. 5+3, 0.5+2) ou none
term-someone = Quelqu'un
term-no-clock = sans pendule
term-challenge = { $who } joue { $side } · { $clock } · { $rules } (vous jouez { $yours })
term-challenge-rated = { $who } joue { $side } · { $clock } · { $rules } · classée (vous jouez { $yours })
term-lobby-refused = le salon du serveur est refusé : { $error }
term-lobby-empty = Aucun défi ouvert sur { $server }.
term-lobby-list = Défis ouverts sur { $server } :
term-lobby-ask-none = n : nouvelle partie, r ou Entrée : actualiser, q : quitter
term-lobby-ask = { $count ->
    [one] 1 : l'accepter, n : nouvelle partie, r ou Entrée : actualiser, q : quitter
   *[other] 1-{ $count } : en accepter un, n : nouvelle partie, r ou Entrée : actualiser, q : quitter
}
term-lobby-nothing-to-take = il n'y a aucun défi à accepter
term-lobby-out-of-range = { $count ->
    [one] il n'y a qu'un défi : tapez 1 pour l'accepter
   *[other] il y a { $count } défis : donnez un numéro de 1 à { $count }
}
term-lobby-not-a-choice = « { $answer } » ne fait pas partie des choix
term-create-no-token = la réponse du serveur à la création de la partie n'a ni identifiant ni jeton de place
term-create-no-side = le serveur n'a pas dit quel côté vous jouez
term-new-in-lobby = Nouvelle partie, affichée dans le salon.
term-new-not-in-lobby = Nouvelle partie, hors du salon.
term-terminal-failed = le terminal a échoué : { $error }
term-challenge-gone = Ce défi n'est plus ouvert. { $note }

## Jeu en ligne : l'écran de la partie et la ligne d'état (online.rs, app/online.rs)

term-not-online = ce n'est pas une partie en ligne (elle se joue sur un seul appareil)
term-offer-takeback-own = Vous avez demandé à reprendre votre dernier coup : t retire la demande
term-offer-cycle-own = Vous avez proposé de finir la partie par un cycle : e retire la proposition
term-offer-draw-own = Vous avez proposé la nulle : d retire l'offre
term-offer-rematch-own = Vous avez proposé une revanche : en attente de la réponse
term-offer-takeback = { $name } demande à reprendre son dernier coup
term-offer-cycle = { $name } propose de finir la partie par un cycle
term-offer-draw = { $name } propose la nulle
term-offer-rematch = { $name } propose une revanche
term-offer-answer = { $offer } : y accepter, n refuser
term-end-aborted = Partie annulée
term-end-no-result = sans résultat
term-end-cancelled = Défi annulé
term-end-never-started = la partie n'a jamais commencé
term-end-wins = { $name } ({ $side }) gagne
term-end-draw = Partie nulle
term-end-time = { $side } a dépassé le temps
term-end-resign = { $side } a abandonné
term-end-agreement = nulle par accord mutuel
term-end-abandon-win = { $side } est parti et { $other } a réclamé la victoire
term-end-abandon-draw = un joueur est parti ; l'autre a réclamé la nulle
term-online-over = Partie terminée : { $result } : { $why }
term-wait-opponent = En attente d'un adversaire (donnez-lui le lien)
term-wait-second = En attente du second joueur
term-their-move = Au tour de { $name } ({ $side })
term-watching-to-move = Spectateur : { $name } ({ $side }) a le trait
term-refuse-over = La partie est terminée : n propose une revanche
term-refuse-watching-move = Vous regardez : seuls les joueurs jouent
term-refuse-wait-join = Attendez qu'un adversaire vous rejoigne
term-refuse-wait-turn = Patientez : c'est au tour de { $name }
term-refuse-busy = Patientez : votre dernière demande est en route
term-cannot-play = Impossible de jouer { $pit } : { $error }
term-sending = Envoi de { $pit }…
term-resigning = Abandon en cours…
term-aborting = Annulation en cours…
term-not-resigned = Pas d'abandon. { $status }
term-confirm-resign-abort = Abandonner ? y abandonne, a annule (sans résultat), toute autre touche continue
term-confirm-resign = Abandonner la partie ? y abandonne, toute autre touche continue
term-refuse-watching-do = Vous regardez : seuls les joueurs peuvent le faire
term-refuse-not-under-way = Pas maintenant : la partie n'est pas en cours
term-refuse-no-claim = Rien à réclamer : votre adversaire est là ou n'a pas le trait
term-refuse-undo = Pas d'annulation en ligne : t demande à reprendre votre dernier coup
term-refuse-hint = Pas d'indice en ligne (ils sont réservés aux parties contre l'ordinateur)
term-refuse-analysis = Pas d'analyse pendant votre partie : a fonctionne une fois qu'elle est finie
term-refuse-open = Quittez d'abord la partie en ligne (q), puis oware play PARTIE.ogn
term-already-offers = { $name } le propose déjà : y accepte, n refuse
term-no-cycle = Pas de cycle à conclure : { $error }
term-refuse-watching-answer = Vous regardez : seuls les joueurs répondent aux offres
term-no-offer = Aucune offre à laquelle répondre
term-offered-draw = Vous avez proposé la nulle (d retire l'offre)
term-offered-takeback = Vous avez demandé à reprendre votre dernier coup (t retire la demande)
term-offered-rematch = Vous avez proposé une revanche
term-offered-cycle = Vous avez proposé de finir la partie par un cycle (e retire la proposition)
term-accepted = Accepté
term-declined = Refusé
term-withdrawn = Retiré
term-refused = { $request } : { $message }
term-rematch-seat = Revanche : vous jouez { $side } contre { $name }.
term-reconnected = Reconnecté. { $status }
term-connection-lost = Connexion perdue ({ $error }) : nouvel essai dans { $seconds } s
term-state-unshowable = Impossible d'afficher la partie du serveur : { $error }
term-cycle-lapsed = La proposition de finir par un cycle est tombée avec le coup joué. { $status }
term-rematch-agreed = Revanche acceptée : vous prenez votre place…

## Jeu en ligne : l'adresse du serveur et ses réponses (net/)

term-link-bad = « { $link } » n'est pas l'adresse d'une partie en ligne ({ $why }) : donnez le lien d'invitation, par ex. http://127.0.0.1:8080/game/0123abcd...
term-link-scheme = elle doit commencer par http:// ou https://
term-link-no-host = aucun hôte
term-link-path = son chemin doit finir par /game/ID
term-link-id = l'identifiant de la partie est fait de lettres et de chiffres
term-server-timeout = le serveur { $server } n'a pas répondu à temps
term-server-unreachable = le serveur { $server } est injoignable ({ $error })
term-http-setup = impossible de préparer le client HTTP : { $error }
term-answer-not-json = la réponse du serveur n'est pas le JSON attendu : { $error }
term-server-answered = le serveur a répondu { $status }
term-answer-too-large = la réponse du serveur dépasse { $mib } Mio : refusée
term-state-refused = l'état de partie envoyé par le serveur est refusé : { $error }
term-answer-refused-kept = la réponse du serveur est refusée ({ $error }) ; rien n'a été conservé
term-no-such-game = il n'y a pas de partie { $id } sur { $server }
term-not-online-link = { $link } est une partie jouée sur un seul appareil, pas une partie en ligne
term-welcome-back = Bon retour : vous jouez { $side } contre { $name }.
term-welcome-account = Bon retour : c'est la place de votre compte, vous jouez { $side } contre { $name }.
term-watching-full = Vous regardez : les deux places sont prises.
term-watching-free = Vous regardez : la place reste libre.
term-watching-ended = Vous regardez : la partie est terminée.
term-watching-because = Vous regardez : { $reason }.
term-join-no-token = la réponse du serveur pour rejoindre la partie n'a pas de jeton de place
term-join-no-seat = le serveur n'a pas dit quelle place a été prise
term-you-play = Vous jouez { $side } contre { $name }.
term-req-move = Coup { $pit }
term-req-resign = Abandon
term-req-abort = Annulation
term-req-offer = { $kind ->
    [draw] Proposition de nulle
    [takeback] Demande de reprise
    [rematch] Proposition de revanche
   *[cycle] Proposition de finir la partie par un cycle
}
term-req-accept = { $kind ->
    [draw] Acceptation de la nulle
    [takeback] Acceptation de la reprise
    [rematch] Acceptation de la revanche
   *[cycle] Acceptation de finir la partie par un cycle
}
term-req-decline = { $kind ->
    [draw] Refus de la nulle
    [takeback] Refus de la reprise
    [rematch] Refus de la revanche
   *[cycle] Refus de finir la partie par un cycle
}
term-req-withdraw = { $kind ->
    [draw] Retrait de l'offre de nulle
    [takeback] Retrait de la demande de reprise
    [rematch] Retrait de l'offre de revanche
   *[cycle] Retrait de la proposition de cycle
}
term-req-claim-win = Réclamation de la victoire
term-req-claim-draw = Réclamation de la nulle
term-req-rematch = Accès à la revanche
term-req-chat = Chat
term-net-thread = impossible de lancer le fil réseau : { $error }
term-answer-refused = la réponse du serveur est refusée ({ $error })
term-rematch-no-seat = le serveur n'a pas dit quelle place donne la revanche
term-server-address = l'adresse du serveur { $server } : { $error }
term-chat-log-refused = Chat du serveur refusé : { $error }
term-chat-log-unread = Impossible de lire le chat : { $error }
term-stream-idle = aucune nouvelle du serveur depuis { $seconds } s
term-stream-closed = le serveur a fermé la connexion
term-stream-dropped = { $error } : la connexion est abandonnée
term-update-refused = Mise à jour du serveur refusée : { $error }
term-event-line-too-large = le serveur a envoyé une ligne d'événement de plus de { $mib } Mio
term-event-too-large = le serveur a envoyé un événement de plus de { $mib } Mio
term-seat-no-folder = aucun dossier de données personnel pour garder le jeton de place
term-seat-not-kept = impossible de garder le jeton de place dans { $path } : { $error }
term-login-no-folder = aucun dossier de configuration personnel pour garder la connexion
term-login-not-kept = impossible de garder la connexion dans { $path } : { $error }
term-login-cookie-refused = le cookie de session du serveur est refusé ({ $error }) ; rien n'a été conservé
term-login-no-cookie = la réponse du serveur à la connexion ne pose pas de cookie { $cookie } ; rien n'a été conservé
term-logged-in = Connecté en tant que { $name }.
term-login-ended = La connexion gardée pour { $server } a expiré (oware login { $server } vous reconnecte) : vous jouez en invité.
term-login-hint = oware login { $server } pour vous connecter
term-login-no-name = la réponse du serveur à la connexion ne nomme aucun compte ; rien n'a été conservé

## Jeu en ligne : le chat (app/chat.rs, render.rs)

term-chat-open-players = Chat : écrivez à votre adversaire, Entrée envoie, Échap ferme
term-chat-open-spectators = Chat : écrivez aux spectateurs, Entrée envoie, Échap ferme
term-chat-empty = Rien à envoyer : écrivez un message
term-chat-busy = Patientez : votre message est en route
term-chat-sending = Envoi du message…
term-chat-too-long = Un message compte { $max } caractères au plus
term-chat-arrived = { $name } : { $text } (m : chat)
term-chat-arrived-many = { $count ->
    [one] { $count } message dans le chat (m l'ouvre)
   *[other] { $count } messages dans le chat (m l'ouvre)
}
term-chat-sent = Envoyé
term-chat-refused = Chat : { $error }
term-chat-spectator = { $name } (spectateur)
term-chat-guest-spectator = { $name } (spectateur invité)

## Jeu en ligne : les panneaux de l'écran (render.rs). Les étiquettes du panneau d'infos
## (term-info-you, term-info-server, term-info-link) s'alignent sur info-position : 8 colonnes au plus.

term-title-online = { $rated ->
    [yes] en ligne  { $south } contre { $north }{ $clock } classée
   *[no] en ligne  { $south } contre { $north }{ $clock }
}
term-seat-free = place libre
term-seat-away = absent
term-label-thinking = réfléchit…
term-label-to-move = au trait
term-pane-online = Partie en ligne
term-away-claim = { $name } est absent : w réclame la victoire, = la nulle
term-info-you = vous
term-info-play = { $count ->
    [0] jouez { $side }
    [one] jouez { $side }, { $count } spectateur
   *[other] jouez { $side }, { $count } spectateurs
}
term-info-watch = { $count ->
    [0] regardez
    [one] regardez, { $count } spectateur
   *[other] regardez, { $count } spectateurs
}
term-info-server = serveur
term-info-connecting = connexion…
term-info-connected = connecté
term-info-lost = connexion perdue ({ $error }), reconnexion
term-info-link = lien
term-pane-moves-chat = Coups  m chat : { $count ->
    [one] { $count } nouveau
   *[other] { $count } nouveaux
}
term-chat-no-messages = pas encore de message
term-pane-chat = Chat  Échap ferme

## Les deux jeux (term.rs, tables.rs, app/)

term-too-small = Le terminal fait { $size } : oware play a besoin d'au moins { $needed }. Agrandissez la fenêtre ou appuyez sur q pour quitter.
term-error-game-over = la partie est terminée
term-error-empty-pit = la case { $pit } est vide
term-error-must-feed = il faut nourrir { $side }
term-error-grand-slam = un grand chelem (prendre toutes les graines adverses) est interdit quand un autre coup existe
term-error-wrong-side = c'est au tour de { $side }
term-error-empty-row = on ne peut conclure un cycle d'un commun accord que si les deux rangées ont des graines : la rangée de { $side } est vide
term-animation-off = { $status } (animation coupée : terminal lent)
term-tables-present = { $dir } (de 0 à { $max } graines)
term-tables-absent = aucune dans { $dir } : oware egdb build
term-local-over = La partie est terminée : n pour une revanche, u pour reprendre
term-wait-computer = Patientez : l'ordinateur réfléchit
term-nothing-to-undo = Rien à reprendre
term-taken-back = Coup repris ({ $count } à refaire). { $status }
term-nothing-to-redo = Rien à refaire
term-opened = { $count ->
    [one] { $name } ouvert ({ $count } coup). { $status }
   *[other] { $name } ouvert ({ $count } coups). { $status }
}
term-saved = Enregistré dans { $path }
term-cannot-save = Impossible d'enregistrer dans { $path } : { $error }
term-cannot-open = Impossible d'ouvrir { $path } : { $error }
term-not-ogn = ce n'est pas une partie OGN : { $error }
term-no-hint-now = Pas d'indice maintenant : ce n'est pas à vous de jouer
term-looking-for-hint = Recherche d'un indice…
term-game-is-over = La partie est terminée
term-cycle-you-propose = Vous proposez de finir la partie par un cycle (chacun garde sa rangée : Sud { $south }, Nord { $north }) : l'ordinateur y réfléchit…
term-cycle-side-proposes = { $side } propose de finir la partie par un cycle (chacun garde sa rangée : Sud { $south }, Nord { $north }). { $other } : y accepter, n refuser
term-cycle-computer-proposes = L'ordinateur propose de finir la partie : la position tourne en rond (chacun garde sa rangée : Sud { $south }, Nord { $north }). y accepter, n refuser
term-cycle-computer-accepts = L'ordinateur accepte. { $status }
term-cycle-computer-declines = L'ordinateur refuse : il peut faire mieux que ce partage. À vous de jouer
term-cycle-you-accept = Vous acceptez. { $status }
term-cycle-side-accepts = { $side } accepte. { $status }
term-cycle-you-decline = Vous refusez : la partie continue. { $status }
term-cycle-side-declines = { $side } refuse : la partie continue. { $status }
term-cycle-answer-first = Répondez d'abord à la proposition : y pour finir par un cycle, n pour continuer
term-cycle-wait-computer = Patientez : l'ordinateur examine votre proposition
term-name-you = vous
term-name-computer = ordinateur ({ $level })
term-name-player = joueur
term-name-online-you = { $name } (vous)
term-analysis-stopped = Analyse arrêtée
term-analysis-over = La partie est terminée : rien à analyser
term-analysing = Analyse en cours (a pour arrêter)
term-copied = Copié : { $position }
term-cancelled = Annulé
term-no-file-name = Aucun nom de fichier
term-not-your-pit = Cette case est à { $owner } : c'est au tour de { $side }
term-engine-refused = Le coup du moteur a été refusé : { $error }
term-hint = Indice : case { $pit } (score { $score }) ; Entrée la joue

## Ce que le terminal refuse dans une réponse du serveur (wire.rs, checked.rs)

term-bad-move-letter = la lettre d'un coup doit être une lettre ASCII
term-server-rules = les règles du serveur « { $rules } » : { $error }
term-server-start = la position de départ du serveur « { $position } » : { $error }
term-server-move-text = le coup { $number } du serveur : { $error }
term-server-move = le coup { $number } du serveur ({ $pit }) : { $error }
term-server-cycle = le cycle accepté du serveur : { $error }
term-chat-no-text = un message de chat sans texte
term-chat-anonymous = Spectateur
term-chat-message-refused = Message de chat du serveur refusé : { $error }
term-bad-game-id = un identifiant de partie compte de 1 à { $max } lettres et chiffres ASCII
term-bad-seat-token = un jeton de place compte de 1 à { $max } lettres et chiffres ASCII
term-bad-session = un cookie de session compte exactement { $length } chiffres hexadécimaux

## La commande `oware play` (crates/oware-cli/src/cmd/play.rs) : ses erreurs et le résumé
## qu'elle affiche quand l'écran du jeu se ferme

term-cannot-read-game = impossible de lire le fichier de partie { $path }
term-needs-terminal = oware play a besoin d'un terminal (l'entrée et la sortie standard doivent en être un)
term-terminal-broke = le terminal a échoué
term-new-flags-need-server = --new, --clock, --side, --private et --rated servent à une nouvelle partie : donnez l'adresse du serveur ({ $server }), pas le lien d'une partie
term-watch-needs-link = --watch a besoin du lien d'une partie (http://HOTE:PORT/game/ID)
term-bad-side = --side vaut S, N ou random, pas « { $side } »
term-game-goes-on = La partie continue sur { $link } : oware play --online { $link } vous rend votre place.
term-summary = { $count ->
    [one] oware play : { $count } coup
   *[other] oware play : { $count } coups
}
term-summary-end = { $count ->
    [one] oware play : { $count } coup, { $end }
   *[other] oware play : { $count } coups, { $end }
}
term-summary-moves = coups
term-summary-ratings = cotes
