# Les réponses d'erreur du serveur (voir en/errors.ftl).

## Coups et parties

error-bad-move = Ce n'est pas un coup : choisissez une de vos cases.
error-empty-pit = Cette case est vide : choisissez une case qui a des graines.
error-game-over = La partie est terminée.
error-grand-slam = Ce coup prendrait toutes les graines de l'adversaire (un grand chelem), ce que ces règles interdisent quand un autre coup est possible.
error-illegal-move = Ce coup n'est pas permis ici : choisissez-en un autre.
error-must-feed = Votre adversaire n'a plus de graines : vous devez jouer une case qui lui en donne.
error-not-your-turn = Ce n'est pas à vous de jouer.
error-wrong-side = Cette case n'est pas dans la rangée du joueur qui a le trait.
error-wrong-capture = La prise notée avec ce coup n'est pas celle qu'il fait ici.
error-nothing-to-undo = Vous n'avez aucun coup à reprendre.
error-nothing-to-redo = Il n'y a aucun coup à refaire.
error-nothing-to-take-back = Vous n'avez aucun coup à reprendre.
error-not-in-online-games = Une partie en ligne ne s'annule pas coup par coup : demandez à votre adversaire de reprendre le coup.
error-not-online = Cette partie se joue sur un seul appareil, pas en ligne.
error-cycle-declined = L'ordinateur a déjà refusé de terminer la partie ici : continuez à jouer.
error-cannot-agree-cycle = La partie ne peut pas se terminer d'un commun accord maintenant : elle est finie, ou une rangée est vide.
error-no-analysis-during-play = Les joueurs n'ont pas accès à l'analyse pendant la partie.
error-bad-ply = Cette position n'existe pas dans la partie : choisissez un de ses coups.
error-bad-ogn = Impossible de lire cette notation de partie : vérifiez-la et réessayez.
error-bad-rules = Ces règles sont inconnues : choisissez des règles dans la liste.
error-bad-side = Le camp est Sud (S) ou Nord (N).
error-bad-opponent = Choisissez un adversaire : l'ordinateur (facile, moyen, difficile, expert) ou un ami.
error-conflicting-options = Ces réglages ne vont pas ensemble : choisissez l'un des deux.
error-not-applicable = Ce réglage ne s'applique pas à ce type de partie : laissez-le de côté.
error-unknown-game = Il n'y a pas de partie à cette adresse : elle a peut-être été supprimée.

## Parties en ligne, propositions et défis

error-no-token = Cette partie ne vous reconnaît pas : ouvrez-la depuis l'appareil sur lequel vous jouez.
error-wrong-token = Cette partie ne vous reconnaît pas : ouvrez-la depuis l'appareil sur lequel vous jouez.
error-not-your-seat = Seuls les joueurs de la partie peuvent faire cela.
error-seat-taken = Quelqu'un a pris cette place avant vous : vous pouvez regarder la partie.
error-not-open = Ce défi n'est plus ouvert.
error-not-started = La partie n'a pas commencé : attendez un adversaire.
error-own-challenge = C'est votre propre défi : envoyez son lien à votre adversaire.
error-log-in-to-join = Cette partie est réservée aux joueurs classés : connectez-vous pour la jouer.
error-out-of-range = Ce défi s'adresse à des joueurs d'un autre classement.
error-not-rated = Cette partie ne peut pas compter pour le classement : une partie classée demande une pendule, les règles habituelles (abapa) et des joueurs connectés.
error-bad-range = L'écart de classement se donne par deux classements de 0 à 4000, le plus bas d'abord, et demande une pendule.
error-no-advice-in-rated-games = Une partie classée ne peut pas s'ouvrir aux conseils des spectateurs.
error-bad-clock = Ces réglages de pendule ne conviennent pas : choisissez une cadence dans la liste.
error-bad-color = Choisissez un camp : au hasard, Sud ou Nord.
error-cannot-abort = Les deux camps ont joué : la partie ne peut plus être annulée (abandonnez ou proposez la nulle).
error-cannot-claim = Vous ne pouvez pas réclamer maintenant : seul le joueur qui attend un coup qui ne vient pas peut réclamer.
error-bad-claim = Cette réclamation est inconnue : réclamez la victoire ou la nulle.
error-bad-action = Cette réponse est inconnue : proposer, accepter, refuser ou retirer.
error-bad-offer = Cette proposition ne peut pas se faire ainsi.
error-already-offered = Vous avez déjà fait cette proposition : attendez la réponse.
error-no-offer = Il n'y a pas de telle proposition à accepter ou retirer : elle a peut-être été retirée ou a expiré.
error-offer-too-soon = Votre dernière proposition a été refusée ou retirée : vous pourrez la refaire dans { $seconds ->
        [one] une seconde.
       *[other] { $seconds } secondes.
    }
error-not-over = Une revanche se propose une fois la partie terminée.
error-rematch-made = La revanche est déjà organisée.
error-bad-presence-key = Cette page a perdu son lien avec la partie : rechargez-la.
error-no-watcher = Rechargez la partie pour voir son analyse.
error-review-after-the-game = Une partie en ligne s'analyse une fois terminée.
error-nothing-to-review = La partie n'a encore aucun coup à analyser.
error-bad-depth = La profondeur d'une analyse va de { $min } à { $max } coups.
error-too-many-reviews = { $count ->
        [one] Une de vos analyses est déjà en cours : attendez qu'elle se termine.
       *[other] { $count } de vos analyses sont déjà en cours : attendez que l'une d'elles se termine.
    }

## Le salon et les files d'attente

error-lobby-full = Le salon est plein : acceptez-y un défi, ou créez la partie sans l'afficher et envoyez son lien.
error-too-many-challenges = Vous avez déjà assez de défis ouverts : attendez qu'on en accepte un, ou annulez-en un.
error-no-such-challenge = Ce défi n'est plus ouvert : il a reçu une réponse, a été retiré ou a expiré.
error-no-such-pool = Cette file d'attente n'existe pas : choisissez-en une dans la liste.
error-no-such-ticket = Vous n'attendez plus dans cette file : rejoignez-la de nouveau.
error-already-waiting = Vous attendez déjà dans une file : quittez-la d'abord.
error-already-paired = Trop tard pour partir : votre partie a commencé.
error-pool-full = Les files d'attente sont pleines : réessayez dans une minute, ou lancez un défi dans le salon.
error-too-many-tickets = Des invités de votre adresse attendent déjà dans les files : attendez leurs parties, ou connectez-vous.
error-no-bots-in-arenas = Les tournois arena sont pour les personnes : les bots jouent sur défi.
error-no-bots-in-pools = Les files d'attente sont pour les personnes : les bots jouent sur défi.

## Discussion

error-empty-message = Écrivez d'abord quelque chose : le message est vide.
error-message-too-long = { $max ->
        [one] Un message a au plus un caractère.
       *[other] Un message a au plus { $max } caractères.
    }
error-bad-characters = Un message tient sur une ligne de texte visible.
error-too-many-marks = { $max ->
        [one] Une lettre porte au plus un accent ou signe.
       *[other] Une lettre porte au plus { $max } accents ou signes.
    }
error-character-too-long = Un des caractères de ce message est trop long : retirez-le.
error-chat-too-fast = Vous écrivez trop vite : attendez { $seconds ->
        [one] une seconde.
       *[other] { $seconds } secondes.
    }
error-players-room = Seuls les deux joueurs écrivent dans l'espace des joueurs : les spectateurs écrivent dans le leur.
error-spectators-room = Les joueurs écrivent dans l'espace des joueurs : celui des spectateurs est réservé aux spectateurs.
error-bad-room = Cet espace de discussion n'existe pas : il y a celui des joueurs et celui des spectateurs.
error-reserved-name = Ce nom est un des mots du site : choisissez-en un autre.
error-name-taken = Ce nom est déjà pris : choisissez-en un autre.

## Comptes

error-bad-credentials = Le nom ou le mot de passe est incorrect.
error-bad-name = { $of ->
        [tournament] Ce nom est réservé aux tournois du site : choisissez-en un autre.
       *[account] Un nom d'utilisateur a de { $min } à { $max } caractères : lettres (a–z, A–Z), chiffres, « _ » et « - », et n'est pas un des mots du site.
    }
error-bad-password = Un mot de passe a de { $min } à { $max } caractères, n'est pas l'un des plus courants et n'est pas le nom d'utilisateur.
error-bad-reset = Ce lien de réinitialisation est inconnu, déjà utilisé ou expiré : demandez-en un nouveau.
error-not-logged-in = Vous n'êtes pas connecté : connectez-vous d'abord.
error-no-such-player = Aucun joueur ne porte ce nom.
error-too-many-attempts = Trop de tentatives : réessayez dans { $seconds ->
        [one] une seconde.
       *[other] { $seconds } secondes.
    }
error-too-many-sign-ups = Trop de comptes ont été créés depuis cette adresse : réessayez dans { $seconds ->
        [one] une seconde.
       *[other] { $seconds } secondes.
    }
error-busy = Le serveur est occupé à vérifier des mots de passe : réessayez dans un instant.
error-bad-lang = Le site ne propose pas cette langue.
error-foreign-origin = Cette demande venait d'un autre site avec votre session : elle a été refusée.
error-session-required = Il faut pour cela être connecté sur le site, pas utiliser un jeton d'API.

## Bots et jetons d'API

error-token-required = Il faut pour cela un jeton d'API, pas une session.
error-bad-token = Ce jeton d'API est inconnu ou a été révoqué.
error-missing-scope = Ce jeton d'API ne permet pas cela : créez-en un avec la bonne portée.
error-bad-scope = Ces portées sont inconnues : choisissez-les dans la liste.
error-bad-description = { $max ->
        [one] La description d'un jeton fait un octet de texte.
       *[other] La description d'un jeton fait de 1 à { $max } octets de texte.
    }
error-too-many-tokens = { $max ->
        [one] Un compte peut avoir un seul jeton : révoquez-le avant d'en créer un autre.
       *[other] Un compte peut avoir { $max } jetons : révoquez-en un avant d'en créer un autre.
    }
error-no-such-token = Ce compte n'a pas ce jeton.
error-has-played = Seul un compte qui n'a jamais joué de partie peut devenir un bot.
error-not-a-bot = Ce compte n'est pas un bot : convertissez-le d'abord.
error-bad-reason = Ce motif est inconnu : choisissez-en un dans la liste.
error-bad-answer = La réponse est oui ou non.

## Tournois

error-not-found = Il n'y a rien à cette adresse : vérifiez-la.
error-bad-kind = Un tournoi est une arène ou un suisse.
error-bad-length = Cette durée ne convient pas : choisissez-en une dans la liste.
error-bad-size = Ce nombre de joueurs ne convient pas : choisissez-en un dans la liste.
error-bad-start = Cette heure de début est trop lointaine : choisissez-en une plus proche.
error-too-many-tournaments = Vous avez déjà assez de tournois non terminés : attendez que l'un d'eux se termine.
error-tournament-full = Ce tournoi est complet.
error-tournament-finished = Trop tard : ce tournoi est terminé ou en est à sa dernière ronde.
error-not-a-player = Vous ne jouez pas dans ce tournoi.
error-withdrawn = Vous vous êtes retiré de ce tournoi suisse : vous ne pouvez pas y revenir.
error-no-berserk = Le berserk est réservé aux arènes.
error-berserk-too-late = Le berserk se joue seulement avant votre premier coup.
error-no-clock = Cette partie n'a pas de pendule.
error-no-game = Vous n'avez pas de partie en cours dans ce tournoi.

## Problèmes, leçons, classement

error-no-such-puzzle = Ce problème n'existe pas.
error-no-puzzle-left = Il ne reste aucun problème de ce thème à jouer : choisissez un autre thème.
error-bad-theme = Ce thème est inconnu : choisissez-en un dans la liste.
error-not-played = Jouez le problème avant de voter.
error-no-such-lesson = Cette leçon n'existe pas.
error-no-such-step = Cette leçon n'a pas cette étape.
error-bad-moves = Impossible de lire ces coups : recommencez l'étape.
error-bad-stars = Impossible d'enregistrer ces étoiles : rechargez la page.
error-not-solved = Ces coups ne réussissent pas l'étape : aucune étoile n'est enregistrée.
error-bad-question = Cette question n'est pas valable : rechargez la page.
error-bad-bots = Choisissez les parties avec ou sans bots, ou seulement celles avec un bot.
error-bad-category = Les catégories sont blitz, rapide et correspondance.
error-bad-channel = Les chaînes de la télé sont la meilleure partie, les bots et le tournoi.
error-bad-qr-text = Cette adresse ne peut pas s'afficher en code QR.

## Limites et serveur

error-too-many-games = Trop de parties ont été créées depuis votre adresse : attendez { $seconds ->
        [one] une seconde,
       *[other] { $seconds } secondes,
    } ou continuez l'une d'elles.
error-too-many-live-games = Vous avez déjà autant de parties en ligne en cours qu'un compte peut en avoir : terminez-en ou abandonnez-en avant d'en commencer une autre.
error-too-many-engine-jobs = Trop de calculs de l'ordinateur depuis votre adresse : attendez { $seconds ->
        [one] une seconde.
       *[other] { $seconds } secondes.
    }
error-too-many-streams = Trop de pages du site sont ouvertes depuis votre adresse : fermez un onglet, ou attendez la fin d'une partie.
error-too-many-clients = Trop de monde joue en ce moment : réessayez dans { $seconds ->
        [one] une seconde.
       *[other] { $seconds } secondes.
    }
error-engine-busy = L'ordinateur est occupé : réessayez dans { $seconds ->
        [one] une seconde.
       *[other] { $seconds } secondes.
    }
error-conflict = La partie a été modifiée ailleurs au même moment : rechargez-la et réessayez.
error-storage = Impossible de lire ou d'enregistrer la partie pour l'instant : réessayez dans un moment.
error-internal = Un problème est survenu sur le serveur : réessayez, et prévenez-nous s'il persiste.
error-unknown-host = Ce serveur ne répond pas à cette adresse.
error-bad-request = Impossible de lire cette demande : rechargez la page et réessayez.
error-bad-json = Impossible de lire cette demande : rechargez la page et réessayez.
error-bad-field = Cette demande contient une valeur incorrecte : rechargez la page et réessayez.
error-bad-body = Impossible de lire cette demande : rechargez la page et réessayez.
error-bad-path = Cette adresse n'est pas valable : vérifiez-la.
error-bad-query = Cette adresse contient une valeur incorrecte : vérifiez-la.
error-content-type = Cette demande doit être envoyée en JSON.
error-body-too-large = Cette demande est trop volumineuse pour le serveur : envoyez moins.
error-body-timeout = La demande s'est interrompue avant d'être complète : vérifiez votre connexion et réessayez.
error-method-not-allowed = Cette adresse ne répond pas à ce type de demande.

# The analysis board and the board editor (POST /api/position).
error-bad-position = Ce n'est pas une position : douze nombres de graines, deux greniers et le camp au trait, séparés par des tirets.
error-seed-count = Les cases et les greniers doivent contenir 48 graines en tout.
error-position-won = Un camp a déjà pris plus de la moitié des graines : la partie est terminée.
error-position-drawn = Chaque camp a déjà pris 24 graines : la partie est nulle.
error-no-legal-move = Le camp au trait n'a aucun coup légal ici : les règles terminent la partie.
error-bad-record = Impossible de lire cette notation de partie à la ligne { $line }, colonne { $column } : vérifiez-la à cet endroit et réessayez.

## Classes (issue 56).

error-bad-pupils = Indiquez le prénom d'au moins un élève.
error-bad-work = Ce travail ne peut pas être donné : vérifiez le type, le contenu et la date.
error-bad-level = Un niveau de comptage va de 1 à 4.
error-bad-sheet = Ce numéro de fiche n'existe pas.
error-pupil-safe = Un compte d'élève ne joue et ne discute qu'avec sa classe et l'ordinateur, tant que l'enseignant ne l'a pas ouvert.
error-too-many-classes = Vous avez autant de classes que permis : supprimez-en une d'abord.
error-too-many-rounds = Vous avez envoyé autant de problèmes joués hors ligne qu'une journée le permet : les autres sont gardés et envoyés demain.
error-too-many-pupils = Cette classe a autant d'élèves que permis.
error-too-much-work = Cette classe a autant de travail que permis : retirez-en d'abord.
