# Le jeu en ligne dans le navigateur : la partie en ligne (online.js), le panneau des propositions et des
# actions (offers.js), le salon (lobby.js), les files d'attente et « À vous de jouer » (pool.js), la
# discussion (chat.js), les jetons d'API (tokens.js). $side est le code d'une place : S (Sud) ou N (Nord).

## online.js

online-not-online = Cette adresse n'est pas celle d'une partie en ligne.
online-welcome-back = { $side ->
    [S] Vous revoilà : vous jouez Sud.
   *[N] Vous revoilà : vous jouez Nord.
}
online-you-watch = Vous regardez cette partie.
online-you-play = { $side ->
    [S] Vous jouez Sud contre { $opponent }.
   *[N] Vous jouez Nord contre { $opponent }.
}
online-refuse-watching = Vous êtes spectateur : seuls les joueurs peuvent jouer.
online-refuse-no-opponent = Attendez qu'un adversaire vous rejoigne.
online-refuse-their-move = Attendez : c'est à { $name } de jouer.
online-you-resigned = Vous avez abandonné.
online-game-aborted = Partie annulée.

## offers.js

online-side = { $side ->
    [S] Sud
   *[N] Nord
}
online-accept = Accepter
online-decline = Refuser
online-withdraw = Retirer
online-invite-private = Envoyez ce lien à la personne avec qui vous voulez jouer. Seule une personne qui a le lien peut rejoindre la partie.
online-invite-lobby = Envoyez ce lien, ou attendez : le défi figure aussi dans le salon de la page d'accueil.
online-invite-rated = La partie est classée : votre adversaire doit avoir un compte.
online-qr-alt = Code QR du lien d'invitation, pour l'appareil photo d'un téléphone
online-join-clock = { $side ->
    [S] { $creator } vous invite à jouer. Vous joueriez Sud, en { $minutes }+{ $increment }.
   *[N] { $creator } vous invite à jouer. Vous joueriez Nord, en { $minutes }+{ $increment }.
}
online-join-no-clock = { $side ->
    [S] { $creator } vous invite à jouer. Vous joueriez Sud, sans pendule.
   *[N] { $creator } vous invite à jouer. Vous joueriez Nord, sans pendule.
}
online-join-rated = La partie est classée.
online-join-rated-log-in = La partie est classée : connectez-vous (en haut de la page) pour prendre la place.
online-seat-free = { $side ->
    [S] Place libre (Sud) : en attente d'un joueur
   *[N] Place libre (Nord) : en attente d'un joueur
}
online-seat-connected = { $side ->
    [S] { $name } (Sud) : en ligne
   *[N] { $name } (Nord) : en ligne
}
online-seat-away = { $side ->
    [S] { $name } (Sud) : hors ligne
   *[N] { $name } (Nord) : hors ligne
}
online-seat-you-connected = { $side ->
    [S] { $name } (Sud, vous) : en ligne
   *[N] { $name } (Nord, vous) : en ligne
}
online-seat-you-away = { $side ->
    [S] { $name } (Sud, vous) : hors ligne
   *[N] { $name } (Nord, vous) : hors ligne
}
online-spectators = { $count ->
    [0] Personne ne regarde.
    [one] { $count } spectateur.
   *[other] { $count } spectateurs.
}
online-you-offer-draw = Vous avez proposé la nulle.
online-you-offer-takeback = Vous avez demandé à reprendre votre dernier coup.
online-you-offer-rematch = Vous avez proposé une revanche.
online-you-offer-cycle = Vous avez proposé de finir la partie : la position tourne en boucle (chaque joueur prend les graines de sa propre rangée).
online-they-offer-draw = { $name } propose la nulle.
online-they-offer-takeback = { $name } demande à reprendre son dernier coup.
online-they-offer-rematch = { $name } propose une revanche.
online-they-offer-cycle = { $name } propose de finir la partie : la position tourne en boucle (chaque joueur prend les graines de sa propre rangée).
online-watch-offer-takeback = { $name } demande à reprendre un coup.
online-cancel-challenge = Annuler le défi
online-abort = Annuler la partie
online-resign = Abandonner
online-resign-confirm = Abandonner cette partie ? Votre adversaire gagne.
online-offer-draw = Proposer la nulle
online-ask-takeback = Demander à reprendre
online-propose-cycle = Proposer : la position tourne en boucle
online-opponent-left = { $name } a quitté la partie.
online-claim-win = Réclamer la victoire
online-claim-draw = Déclarer la nulle
online-opponent-away = { $seconds ->
    [one] { $name } est hors ligne. Sans retour d'ici { $seconds } seconde, vous pourrez réclamer la partie.
   *[other] { $name } est hors ligne. Sans retour d'ici { $seconds } secondes, vous pourrez réclamer la partie.
}
online-go-to-rematch = Aller à la revanche
online-watch-rematch = Regarder la revanche
online-rematch = Revanche
online-accept-rematch = Accepter la revanche
online-rematch-offered = Revanche proposée
online-home-lobby = Accueil et salon
online-invite-copied = Lien d'invitation copié.
online-invite-copy-refused = Sélectionnez le lien et copiez-le (le navigateur n'a pas autorisé la copie).

## lobby.js

online-color-random = camp tiré au sort
online-color-south = joue Sud
online-color-north = joue Nord
online-days-per-move = { $days ->
    [one] { $days } jour par coup
   *[other] { $days } jours par coup
}
online-no-clock = sans pendule
online-lobby-range = classement { $low }–{ $high }
online-lobby-rules = règles : { $rules }
online-rated = classée
online-casual = amicale
online-lobby-empty = Aucun défi ouvert. Lancez-en un : Nouvelle partie → Une personne en ligne.
online-someone = Quelqu'un
online-lobby-yours = Le vôtre : ouvrir
online-lobby-accept-named = Accepter le défi de { $name } : { $details }
online-lobby-accept = Accepter le défi : { $details }

## pool.js

online-time-days = { $days } j { $hours } h
online-time-hours = { $hours } h { $minutes } min
online-time-minutes = { $minutes } min { $seconds } s
online-pool-waiting-rated = En attente d'un adversaire en { $pool } (partie classée)
online-pool-waiting-casual = En attente d'un adversaire en { $pool } (partie amicale)
online-pool-range = adversaires classés { $low }–{ $high }
online-pool-bot-after = un bot du site vous affronte au bout de { $seconds } s
online-pool-waited = { $seconds } s
online-pool-found = Adversaire trouvé : ouverture de la partie…
online-pool-lost = Vous avez quitté la file d'attente (la connexion a été perdue). Choisissez une cadence pour attendre de nouveau.
online-turn-against = contre { $name }
online-turn-against-someone = contre quelqu'un
online-turn-live = en direct
online-turn-time-left = il reste { $time }
online-bot-house = bot du site, { $level }
online-bot-house-easy = bot du site, facile
online-bot-house-medium = bot du site, moyen
online-bot-house-hard = bot du site, difficile
online-bot-house-expert = bot du site, expert
online-bot = bot

## chat.js

online-chat-verified-title = Connecté à ce compte
online-chat-verified = compte vérifié
online-chat-tag-side = { $side ->
    [S] (Sud)
   *[N] (Nord)
}
online-chat-tag-spectator = (spectateur)
online-chat-tag-guest = (spectateur invité)
online-chat-empty = Aucun message pour l'instant.
online-chat-mute = Masquer
online-chat-mute-title = Masquer les messages de { $name }
online-chat-muted = { $count ->
    [one] { $count } personne masquée.
   *[other] { $count } personnes masquées.
}
online-chat-unmute = Réafficher tout le monde
online-chat-show = Afficher la discussion
online-chat-hide = Masquer la discussion
online-chat-note-player-advice = Vous discutez avec votre adversaire. Cette partie est ouverte aux conseils : les messages des spectateurs s'affichent aussi ici.
online-chat-note-player = Vous discutez avec votre adversaire. Les spectateurs lisent ces messages ; leur propre espace est caché aux joueurs.
online-chat-note-spectator-advice = Vous écrivez dans l'espace des spectateurs. Cette partie est ouverte aux conseils : les joueurs le lisent aussi.
online-chat-note-spectator = Vous écrivez dans l'espace des spectateurs ; les joueurs ne le voient pas. Vous lisez les messages des joueurs.

## tokens.js

online-tokens-title = Jetons d'API
online-tokens-intro = Un jeton permet à un programme, un robot par exemple, de jouer sous ce compte.
online-token-purpose = À quoi il sert
online-token-scopes = Il peut
online-token-copy-now = Copiez-le maintenant : il ne sera plus jamais affiché.
online-tokens-close = Fermer
online-token-create = Créer un jeton
online-tokens-none = Aucun jeton.
online-token-revoke = Révoquer
online-token-used = ({ $scopes }) ; créé le { $made }, dernière utilisation le { $used }
online-token-unused = ({ $scopes }) ; créé le { $made }, jamais utilisé

## Challenges between accounts (challenge.js), the BOT mark
online-tokens-guide = Lire le guide des robots
online-pool-bots = Jouer contre un robot du site si personne ne vient dans les { $seconds } s
online-bot-mark = BOT
online-bot-mark-title = Ce joueur est un programme (un robot)
online-challenge = Défier
online-challenge-title = Défier { $name }
online-challenge-clock = Cadence
online-challenge-no-clock = Sans pendule
online-challenge-rated = Classée (avec pendule)
online-challenge-side = Vous jouez
online-challenge-side-random = Un camp tiré au sort
online-challenge-side-south = Sud
online-challenge-side-north = Nord
online-challenge-send = Envoyer le défi
online-challenge-cancel = Annuler
online-challenge-from = Défi de { $name }
online-challenge-incoming = { $name } vous défie : { $terms }
online-challenge-terms-rated = partie classée
online-challenge-terms-casual = partie amicale
online-challenge-terms-random = camps tirés au sort
online-challenge-terms-you-south = vous jouez Sud
online-challenge-terms-you-north = vous jouez Nord
online-challenge-accept = Accepter
online-challenge-decline = Refuser
online-challenge-reason = Motif
online-challenge-reason-generic = sans motif
online-challenge-reason-later = pas maintenant, redemandez plus tard
online-challenge-reason-too-fast = cadence trop rapide
online-challenge-reason-too-slow = cadence trop lente
online-challenge-reason-time-control = pas à cette cadence
online-challenge-reason-rated = parties amicales seulement
online-challenge-reason-casual = parties classées seulement
online-challenge-reason-no-bot = pas de parties contre des robots
online-challenge-reason-only-bot = parties contre des robots seulement
online-challenge-waiting = En attente de la réponse de { $name } à votre défi
online-challenge-withdraw = Retirer
online-challenge-declined = { $name } a refusé votre défi : { $reason }.
online-challenge-offline = { $name } n’est pas en ligne : votre défi a été refusé.
online-challenge-expired = { $name } n’a pas répondu à temps à votre défi.
online-challenge-close = Fermer
