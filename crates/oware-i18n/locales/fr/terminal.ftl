# Le jeu dans le terminal, `oware play` (crates/oware-tui). Les lignes de touches tiennent en 80 colonnes.

side-south = Sud
side-north = Nord
level-easy = facile
level-medium = moyen
level-hard = difficile
level-expert = expert

keys-local = 1-6 jouer  u annuler  r refaire  h indice  a analyse  e cycle  s sauver  q fin
keys-cycle = y accepter : finir la partie par un cycle  n refuser  ? aide  q quitter
keys-online = 1-6 jouer  d nulle  t reprise  e cycle  x abandon  y/n  m chat  ? aide  q fin
keys-online-over = n revanche  y/n répondre  m chat  a analyse  c copier  s sauver  ? aide  q fin
keys-watch = spectateur :  m chat  a analyse  c copier  s sauver  ? aide  q quitter
keys-chat = chat : écrivez  Entrée envoie  Retour arrière efface  Échap ferme

prompt-save = Enregistrer la partie (OGN) dans
prompt-open = Ouvrir la partie OGN
prompt-title = { $what } : (Entrée, Échap annule)

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

game-over = Partie terminée : { $result }
over-keys-local = n : revanche  u : reprendre  s : sauver  q : quitter
over-keys-online = n : revanche  s : sauver  q : quitter
over-keys-watch = s : sauver  q : quitter
info-position = position
info-tables = tables
info-copied = copié
analysis-label = analyse
analysis-thinking = en réflexion (a : arrêter)
analysis-done = terminée
analysis-stopped = arrêtée (a : relancer)
analysis-score = { $score } pour { $side }
analysis-depth = profondeur { $depth }
analysis-nodes = { $nodes } nœuds
analysis-line = ligne
analysis-off = analyse désactivée (a : analyser cette position)

turn-computer = L'ordinateur ({ $level }) réfléchit…
turn-yours = À vous : touches 1-6, flèches et Entrée, ou cliquez une case
turn-friend = Au tour de { $side } : touches 1-6, flèches et Entrée, ou un clic

result-wins = { $side } gagne { $south }-{ $north }
result-draw = Partie nulle { $south }-{ $north }
outcome-line = { $result } (Sud-Nord) : { $why }
why-capture = 25 graines ou plus prises
why-draw = 24 graines chacun
why-no-move = { $side } ne peut pas jouer : chacun garde les graines de sa rangée
why-cycle-own = répétition : chacun garde les graines de sa rangée
why-cycle-even = répétition : les graines restantes sont partagées
why-agreed-cycle = cycle accepté : chacun garde les graines de sa rangée

help-in-game = Règles de cette partie : { $rules }
help-rules =
    Awalé (abapa) : deux rangées de six cases, quatre graines dans chacune ; Sud
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
    Touches : 1-6 jouent vos cases depuis votre gauche ; les flèches déplacent le
    curseur, Entrée joue ; un clic sur une case la joue. u annule, r refait,
    h indice (puis Entrée), a active ou coupe l'analyse, c copie la position
    (presse-papiers OSC 52), s enregistre et o ouvre une partie OGN, n nouvelle
    partie (revanche : on change de côté), e propose de finir par un cycle
    (réponse y/n), q ou Ctrl-C quitte. Sous votre rangée : les valeurs de la base
    de finales (votre écart final de graines) quand les tables couvrent la position.
help-keys-online =
    En ligne : 1-6, flèches, Entrée ou un clic envoient votre coup. d propose la
    nulle, t une reprise, e de finir par un cycle (chacun prend sa rangée ; un
    coup l'annule) ; une seconde fois : retirée. y accepte, n refuse l'offre de
    l'adversaire ; x abandonne (y confirme ; a annule la partie avant que les deux
    aient joué) ; après la partie, n : revanche. w réclame la victoire (= la
    nulle) quand l'adversaire, au trait, est absent. m : chat (Entrée envoie,
    140 caractères au plus, Échap ferme). a analyse après la partie ou en
    spectateur ; s enregistre, c copie ; q quitte (la partie continue).
help-close = Échap, ? ou q ferme cette aide.
