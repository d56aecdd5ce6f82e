# La page Règles (static/rules.html), traduite en entier. Les lettres des cases (A–F, a–f),
# les coups (C, F+2) et les positions (4-4-4-…-S) sont de la notation : on les garde.

rules-title = Règles de l'awalé
rules-heading = Comment jouer à l'awalé
rules-intro-html = L'awalé, qu'on appelle aussi oware ou wari, est un jeu à deux joueurs de la famille des mancalas, joué dans toute l'Afrique de l'Ouest et aux Antilles. Le hasard n'y a aucune part : tout est affaire de calcul et d'anticipation. Cette page présente les règles <strong>abapa</strong>, celles des tournois, qui s'appliquent ici par défaut.

rules-board-title = Le plateau
rules-board-1 = Le plateau compte deux rangées de six cases, avec quatre graines dans chaque case, soit 48 graines en tout. La rangée du bas est la vôtre, celle du haut appartient à votre adversaire. Les graines prises sont rangées dans les greniers, les longues cases aux deux bouts : le vôtre est à droite.
rules-board-2-html = Les cases sont désignées par des lettres : Sud (le joueur qui commence) a les cases <code>A</code> à <code>F</code> de gauche à droite, Nord a les cases <code>a</code> à <code>f</code> en partant de sa propre gauche, c'est-à-dire en haut à droite quand vous regardez le plateau.

rules-sowing-title = Semer
rules-sowing-1-html = Choisissez une de vos cases qui contient des graines. Touchez-la ou appuyez sur une touche de 1 à 6 (vos cases de gauche à droite). Vous prenez toutes les graines de cette case et vous les déposez une à une dans les cases suivantes, dans le <strong>sens inverse des aiguilles d'une montre</strong> : vers la droite le long de votre rangée, puis vers la gauche le long de celle de l'adversaire, et ainsi de suite.
rules-sowing-before = avant : quatre graines dans chaque case
rules-sowing-after = après E : F, a, b et c ont 5 graines, E est vide
rules-sowing-caption = Sud joue E : ses quatre graines vont en F, a, b et c.
rules-sowing-2-html = <strong>Douze graines ou plus :</strong> une case de 12 graines ou plus fait le tour complet du plateau. La case que vous avez vidée est sautée : elle reste vide, et on continue de semer dans la case suivante.

rules-capture-title = Prendre
rules-capture-1-html = Si votre <em>dernière</em> graine tombe dans une case de la rangée adverse et la porte à exactement <strong>2 ou 3 graines</strong>, vous prenez ces graines et les mettez dans votre grenier.
rules-capture-2-html = Regardez ensuite la case précédente (en revenant sur vos pas) : si elle est aussi dans la rangée adverse et contient elle aussi 2 ou 3 graines, vous la prenez également, et ainsi de suite. Cette <strong>prise en chaîne</strong> s'arrête à la première case qui ne contient pas 2 ou 3 graines, ou au bout de la rangée adverse. On ne prend jamais dans sa propre rangée.
rules-capture-before = avant : F contient 3 graines ; a, b et c en contiennent 1, 2 et 1
rules-capture-after = après F : a, b et c sont pris, 7 graines
rules-capture-caption = Sud joue F, qui contient 3 graines : elles tombent en a, b et c, qui passent à 2, 3 et 2. La dernière graine est en c (2) : c est pris. En remontant, b (3) et a (2) sont pris aussi : 7 graines pour Sud. Si les graines étaient allées plus loin, la chaîne se serait arrêtée en d.

rules-slam-title = Le grand chelem
rules-slam-html = Un coup qui prendrait <em>toutes</em> les graines de la rangée adverse s'appelle un grand chelem. Avec les règles abapa, il est permis mais ne prend rien : les graines restent où elles sont tombées. La fenêtre de nouvelle partie propose les autres variantes pratiquées (interdit sauf s'il est forcé, prise de toutes les cases sauf une, ou prise avec le reste donné à l'adversaire).

rules-feed-title = Nourrir l'adversaire
rules-feed = Si votre adversaire n'a plus aucune graine, vous devez jouer un coup qui lui en donne, s'il en existe un. La page grise les cases que vous ne pouvez pas jouer et, si vous en touchez une, vous dit pourquoi (« vous devez donner des graines à Nord »). Si aucun coup ne peut le nourrir, la partie s'arrête.

rules-end-title = La fin de la partie
rules-end-25-html = <strong>25 graines :</strong> dès qu'un joueur a pris 25 graines (plus de la moitié), il gagne.
rules-end-24-html = <strong>24 partout :</strong> si les deux joueurs prennent 24 graines chacun, la partie est nulle.
rules-end-stuck-html = <strong>Plus de coup possible :</strong> quand le joueur au trait n'a plus de graines, ou ne peut pas en donner à un adversaire qui n'en a plus, la partie s'arrête et chaque joueur prend les graines qui restent dans sa propre rangée.
rules-end-cycles-html = <strong>Cycles :</strong> quand il reste peu de graines, les joueurs peuvent se courir après autour du plateau sans fin. Quand la même position revient pour la troisième fois (mêmes cases, mêmes greniers et même joueur au trait), la partie s'arrête et chaque joueur prend les graines de sa rangée. Certains clubs l'arrêtent dès la première répétition, ou partagent à parts égales les graines restantes : ce sont deux options de règles.
rules-end-agreed-html = <strong>Cycle d'un commun accord :</strong> quand les deux joueurs voient que la partie est devenue un cycle sans fin, ils n'ont pas à le jouer jusqu'au bout. Tant que chacun a des graines dans sa rangée, l'un ou l'autre peut proposer d'arrêter la partie ; si l'autre accepte, chaque joueur prend les graines de sa rangée (la fin est notée <code>agreed-cycle</code>, et non comme une répétition). L'ordinateur répond honnêtement : il n'accepte que s'il ne peut pas faire mieux en continuant.
rules-winner = Le gagnant est le joueur qui a le plus de graines à la fin : celles qu'il a prises, plus celles qui lui reviennent à la fin.

rules-notation-title = Noter les parties
rules-notation-html = Un coup s'écrit avec la lettre de la case jouée, suivie de <code>+N</code> s'il a pris N graines : <code>1. C b 2. F+2 a</code>. Les parties entières s'enregistrent au format OGN (l'équivalent du PGN des échecs) ; vous pouvez les télécharger, les copier et les importer sur la page de jeu. Une position s'écrit avec les 12 nombres de graines, les deux greniers et le joueur au trait : <code>4-4-4-4-4-4-4-4-4-4-4-4-0-0-S</code>.
