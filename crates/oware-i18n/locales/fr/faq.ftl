# La page FAQ (static/faq.html), traduite en entier.

faq-title = FAQ de l'awalé
faq-heading = Questions et réponses
faq-1-q = Pourquoi ne puis-je pas jouer cette case ?
faq-1-html = Les cases grisées ne peuvent pas être jouées pour l'instant. Touchez-en une quand même et la page vous dit pourquoi. Il y a trois raisons : la case est <strong>vide</strong> ; l'adversaire n'a plus de graines et cette case <strong>n'atteint pas sa rangée</strong> (vous devez le nourrir quand vous le pouvez) ; ou, avec la règle optionnelle « grand chelem interdit », le coup prendrait toutes ses graines alors qu'un autre coup existe. Une fois la partie finie, aucune case ne se joue.
faq-2-q = Pourquoi ma dernière graine n'a-t-elle rien pris ?
faq-2-html = Pour prendre, la dernière graine doit tomber dans la rangée de l'<em>adversaire</em> et y laisser exactement 2 ou 3 graines. Avec les règles abapa habituelles, un coup qui prendrait toutes les graines de l'adversaire (un grand chelem) ne prend rien.
faq-3-q = Pourquoi la case jouée est-elle restée vide après un tour complet ?
faq-3 = À partir de 12 graines, on sème sur tout le tour, et la case vidée est sautée à chaque passage.
faq-4-q = La partie s'est terminée alors qu'il restait des graines. Pourquoi ?
faq-4 = Soit un joueur ne peut plus jouer (ou ne peut pas nourrir un adversaire qui n'a plus rien) et chacun prend sa rangée, soit la même position est revenue (un cycle) et la partie a été arrêtée. Le panneau de fin de partie dit lequel, et comment les graines restantes ont été partagées.
faq-5-q = Comment marchent annuler et refaire contre l'ordinateur ?
faq-5 = Annuler reprend votre dernier coup et la réponse de l'ordinateur : c'est de nouveau à vous. Refaire les rejoue. Jouer un autre coup oublie les coups que vous auriez pu refaire.
faq-6-q = Ma partie est-elle enregistrée ?
faq-6 = Oui. Chaque coup est enregistré sur le serveur avant d'être affiché comme joué. Rechargez la page ou redémarrez le serveur : la partie est là où vous l'avez laissée. La page retient votre partie en cours et vos réglages dans ce navigateur.
faq-7-q = Peut-on jouer au clavier seulement ?
faq-7 = Oui. Les touches 1 à 6 jouent vos cases de gauche à droite ; U annule, R refait, H demande un indice, N lance une nouvelle partie, et les flèches gauche et droite parcourent la partie. Tab atteint chaque bouton, et les lecteurs d'écran annoncent chaque coup et chaque prise.
faq-8-q = Comment continuer une partie venue d'un autre programme ?
faq-8-html = Utilisez <em>Importer OGN…</em> et collez la notation : des balises comme <code>[FEN "…"]</code> pour un départ particulier, puis les coups. La partie reprend après son dernier coup contre l'adversaire que vous choisissez.
faq-9-q = Que veulent dire les évaluations de l'analyse ?
faq-9 = C'est l'estimation du moteur, en graines, pour le joueur au trait : +1.50 veut dire environ une graine et demie d'avance. « gain en 7 » annonce un gain forcé en 7 coups au plus ; « gain prouvé » vient des bases de finales.
faq-10-q = Quelles règles sont utilisées ?
faq-10 = L'abapa, la règle des tournois, par défaut. La fenêtre de nouvelle partie propose les variantes courantes ; le réglage par défaut de chacune est indiqué.
doc-strategy-link = Conseils de stratégie
