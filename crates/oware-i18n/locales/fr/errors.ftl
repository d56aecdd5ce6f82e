# Les réponses d'erreur du serveur (voir en/errors.ftl).

error-bad-credentials = Le nom ou le mot de passe est incorrect.
error-bad-lang = Le site ne propose pas cette langue.
error-empty-pit = Cette case est vide : choisissez une case qui a des graines.
error-name-taken = Ce nom est déjà pris : choisissez-en un autre.
error-not-your-turn = Ce n'est pas à vous de jouer.
