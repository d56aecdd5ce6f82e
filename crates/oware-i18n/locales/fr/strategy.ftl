# La page Conseils (static/strategy.html), traduite en entier.

tips-title = Conseils de stratégie pour l'awalé
tips-heading = Conseils de stratégie
tips-intro = L'awalé récompense ceux qui comptent. Ces habitudes vous feront vite battre l'ordinateur Facile et donneront du fil à retordre au niveau Moyen.
tips-1-title = 1. Repérez les cases adverses à 1 ou 2 graines
tips-1-html = On prend quand la dernière graine semée fait passer une case de 1 ou 2 graines à 2 ou 3. Avant chaque coup, notez quelles cases de l'adversaire contiennent 1 ou 2 graines, et comptez si l'une de vos cases s'arrête exactement là. Une case de <em>n</em> graines s'arrête <em>n</em> cases plus loin (une de plus par tour complet de 11 dès qu'elle en a 12 ou plus).
tips-2-title = 2. Protégez vos cases faibles
tips-2 = Vos cases à 1 ou 2 graines sont les cibles de l'adversaire. Remplissez-les (en semant depuis une case à leur gauche) ou assurez-vous qu'aucune case adverse ne s'arrête sur elles. Plusieurs cases faibles côte à côte invitent à une prise en chaîne.
tips-3-title = 3. Gardez une grosse case en réserve
tips-3-html = Une case qui se remplit peu à peu jusqu'à 12 graines ou plus (les joueurs l'appellent un <em>kroo</em>) fait le tour complet et peut finir dans le camp adverse après avoir déposé une graine de plus dans chacune de ses cases, changeant d'un coup bien des 1 et des 2 en 2 et en 3. En construire un pendant que l'adversaire manque de coups sûrs est le plan le plus fort du jeu.
tips-4-title = 4. Comptez les temps : qui manquera de coups le premier ?
tips-4 = Les petites cases à droite de votre rangée (E, F) envoient vite des graines chez l'adversaire. Celles de gauche (A, B) les gardent plus longtemps chez vous. En fin de partie, avoir plus de coups d'attente que l'adversaire l'oblige à jouer dans vos prises.
tips-5-title = 5. Ne vous affamez pas
tips-5 = Si votre rangée se vide, l'adversaire doit vous nourrir, mais c'est lui qui choisit comment. Gardez quelques graines chez vous et évitez les positions où vous n'avez qu'un seul coup.
tips-6-title = 6. En fin de partie, comptez les graines qui restent
tips-6 = Dès qu'un joueur en a 20 ou plus, chaque graine compte. Comptez combien de graines il faut à chacun, et rappelez-vous que lorsqu'un joueur ne peut plus jouer, chacun garde sa rangée : garder des graines chez soi vaut parfois mieux qu'une prise.
tips-tools-html = <strong>Servez-vous des outils :</strong> le bouton <em>Indice</em> demande un coup au moteur ; le panneau <em>Analyse</em> montre sa meilleure suite et son évaluation pendant qu'il réfléchit (+2.00 veut dire environ deux graines d'avance pour le joueur au trait). Avec les bases de finales installées, chaque case indique exactement combien des graines restantes elle gagne en jeu parfait.
doc-back = Retour au jeu
