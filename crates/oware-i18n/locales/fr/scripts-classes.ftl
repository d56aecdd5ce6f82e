# Les messages des scripts des classes et des fiches (static/js/class.js, worksheet.js).

classes-s-pupils = { $count ->
    [one] 1 élève
   *[other] { $count } élèves
}
classes-s-teacher = Enseignant·e : { $name }
classes-s-card-user = Nom d'utilisateur
classes-s-card-password = Mot de passe
classes-s-card-site = Connexion sur { $site }
classes-s-kind-lesson = Leçon
classes-s-kind-counting = Comptage
classes-s-kind-puzzles = Problèmes
classes-s-level = Niveau { $level }
classes-s-due = pour le { $date }
classes-s-done = fait
classes-s-todo = à faire
classes-s-score = { $score } sur { $of }
classes-s-open = Ouvert à tous
classes-s-reset = Nouveau mot de passe
classes-s-remove-work = Retirer
classes-s-col-pupil = Élève
classes-s-col-stars = Étoiles
classes-s-col-puzzles = Problèmes résolus
classes-s-col-last = Dernière visite
classes-s-col-time = Temps passé
classes-s-minutes = { $count } min
classes-s-col-account = Compte
classes-s-never = jamais
classes-s-confirm-delete = Supprimer cette classe, les comptes de ses élèves et leur progression ? C'est définitif.
classes-s-arena-made = L'arène de la classe est prête : { $link }
classes-s-go = Commencer
classes-s-no-work = Pas encore de travail.
classes-s-ws-pit = Sème { $pit }
classes-s-ws-answer-count = { $number }. Case { $pit } : la dernière graine tombe en { $landing }, qui contient alors { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}.
classes-s-ws-south-plays = Sud joue et gagne
classes-s-ws-north-plays = Nord joue et gagne
classes-s-ws-answer-puzzle = { $number }. { $line }
classes-s-ws-stores = Greniers : Sud { $south }, Nord { $north }
classes-s-ws-board = Plateau : cases de Nord f à a en haut, de Sud A à F en bas
