# Les scripts des joueurs : le compte dans l'en-tête (static/js/account.js), les profils et les
# classements (static/js/players.js), les tournois (static/js/tournament.js).

## Les catégories de cote (account.js, partagées par les pages qui montrent des cotes)

people-cat-blitz = Blitz
people-cat-rapid = Rapide
people-cat-correspondence = Correspondance

## Le compte dans l'en-tête et ses fenêtres (account.js)

people-login = Se connecter
people-signup = S'inscrire
people-signup-title = Créer un compte
people-to-signup = Pas encore de compte ? Inscrivez-vous
people-to-login = Déjà un compte ? Connectez-vous
people-signup-intro = Un nom de 2 à 20 lettres, chiffres, _ ou - ; un mot de passe d'au moins 8 caractères. Sans compte, vous pouvez toujours jouer des parties amicales.
people-field-name = Nom d'utilisateur
people-field-password = Mot de passe
people-field-current = Mot de passe actuel
people-field-new = Nouveau mot de passe
people-cancel = Annuler
people-password-title = Changer le mot de passe
people-password-ok = Changer
people-password-changed = Mot de passe changé.
people-close-title = Fermer le compte
people-close-ok = Fermer mon compte
people-close-intro = Vos parties restent et s'affichent sous votre nom, signalé comme fermé. Vous ne pourrez plus vous connecter.
people-closed = Compte fermé. Ses parties restent, sous son nom.
people-logged-out = Vous êtes déconnecté.
people-logged-out-all = Déconnexion effectuée sur tous les appareils.
people-menu-profile = Profil
people-menu-leaderboard = Classement
people-menu-logout = Se déconnecter
people-menu-logout-all = Se déconnecter partout
people-menu-tokens = Jetons d'API (bots)

## Profils, classements, nouveau mot de passe (players.js)

people-result-win = Victoire
people-result-draw = Nulle
people-result-loss = Défaite
people-filter-all = Tous
people-filter-wins = Victoires
people-filter-draws = Nulles
people-filter-losses = Défaites
people-side-south = Sud
people-side-north = Nord
people-graph-empty = Aucune partie classée pour l'instant.
people-graph-legend = { $category } : { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}, cote actuelle { $rating }
people-graph-label = Historique de la cote : { $series }
people-graph-series = { $category } de { $from } à { $to }
people-puzzles-rated = Cote en problèmes : { $rating }. Résolus : { $solved }, ratés : { $failed }.
people-puzzles = Résolus : { $solved }, ratés : { $failed }.
people-puzzle-solved = Résolu
people-puzzle-failed = Raté
people-account-closed = (compte fermé)
people-since = Joue depuis le { $date }.
people-record = { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} : { $wins ->
    [one] { $wins } gagnée
   *[other] { $wins } gagnées
}, { $draws ->
    [one] { $draws } nulle
   *[other] { $draws } nulles
}, { $losses ->
    [one] { $losses } perdue
   *[other] { $losses } perdues
}.
people-lessons = Leçons terminées : { $count } ({ $list }).
people-lessons-none = Aucune leçon terminée pour l'instant.
people-replay = Revoir
people-replay-label = Revoir et analyser la partie du { $date }
people-rated = classée
people-casual = amicale
people-games-none = Aucune partie pour l'instant.
people-games-no-more = Pas d'autres parties.
people-page = Page { $page }
people-t-page = Page { $page } sur { $pages }
people-leaderboard-title = Classement · Oware
people-board-empty = Aucun joueur à la cote établie pour l'instant.
people-col-player = Joueur
people-col-rating = Cote
people-col-games = Parties
people-reset-title = Nouveau mot de passe · Oware
people-reset-no-token = Ce lien n'a pas de jeton : demandez-en un nouveau à l'administrateur.
people-reset-differ = Les deux mots de passe ne sont pas identiques.
people-nothing-here = Rien ici. Le jeu est sur la page d'accueil.

## Tournois (tournament.js)

people-t-arena = Arène, { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
people-t-swiss = Suisse, { $rounds ->
    [one] { $rounds } ronde
   *[other] { $rounds } rondes
}
people-t-info = { $kind } · { $clock } · classé · { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}
people-t-info-max = { $kind } · { $clock } · classé · { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
} ({ $max } au maximum)
people-t-none = Aucun.
people-t-doc-title = { $name } · Tournois d'awalé
people-t-starts = Commence le { $date }
people-t-running-since = En cours depuis le { $date }
people-t-finished = Terminé ; commencé le { $date }
people-t-ends = se termine le { $date }
people-t-round-of = ronde { $round } sur { $rounds }
people-t-bye = exempt : { $name }
people-t-byes = Exemptions (un point sans jouer) : { $list }
people-t-bye-round = ronde { $round } : { $name }
people-t-join = Participer
people-t-come-back = Revenir
people-t-pause = Pause
people-t-withdraw = Se retirer
people-t-podium = Podium : { $list }
people-t-games-points = Parties (points de chacune)
people-t-tiebreaks = Buchholz · SB
people-t-on-fire = en feu
people-t-on-fire-next = en feu : la prochaine victoire compte double
people-t-doubled = en feu : les points sont doublés
people-t-state = ({ $state ->
    [paused] en pause
    [withdrawn] retiré
   *[other] { $state }
})
people-t-aborted = annulée
people-t-playing = en cours
people-t-watch = regarder
people-t-nothing = Rien ici.
