# Les pages des classes et des fiches (static/class.html, worksheet.html) et l'en-tête du CSV de
# progression (classes/mod.rs). Les parties de l'enseignant vouvoient ; celles de l'élève tutoient.

classes-title = Classes · Oware
classes-description = Animer une classe d'awalé : identifiants des élèves sans e-mail, leçons et problèmes à faire, progression de chacun.
classes-heading = Classes
classes-log-in-first = Connectez-vous (en haut à droite) pour animer une classe. Élève : connecte-toi avec l'identifiant que ton enseignant t'a donné.
classes-yours = Vos classes
classes-none = Aucune classe pour l'instant.
classes-new-name = Nom de la nouvelle classe
classes-create = Créer la classe
classes-worksheets-link = Fiches à imprimer pour une classe sans ordinateurs
classes-back = Toutes les classes
classes-add-label = Élèves à ajouter, un prénom par ligne
classes-add = Ajouter les élèves
classes-add-note = Chaque élève reçoit un nom d'utilisateur et un mot de passe, sans e-mail. Le mot de passe n'est affiché que maintenant : imprimez la fiche.
classes-sheet-heading = Identifiants
classes-print = Imprimer les identifiants
classes-assign-heading = Donner du travail
classes-assign-kind = Type
classes-assign-what = Quoi
classes-assign-due = Pour le
classes-assign = Donner le travail
classes-progress-heading = Progression
classes-progress-table = La progression de chaque élève
classes-csv = Télécharger en CSV (tableur)
classes-arena = Lancer une arène de la classe
classes-delete = Supprimer la classe
classes-pupil-heading = Ta classe
classes-pupil-work = Ton travail
classes-safe-note = Ton compte joue et discute seulement avec ta classe et l'ordinateur.

classes-ws-title = Fiches · Oware
classes-ws-description = Fiches d'awalé à imprimer : exercices de comptage et problèmes par niveau et par thème, corrigés sur une page à part.
classes-ws-heading = Fiches à imprimer
classes-ws-level = Niveau de comptage
classes-ws-theme = Thème des problèmes
classes-ws-theme-any = Tous les thèmes
classes-ws-sheet = Numéro de fiche
classes-ws-make = Faire la fiche
classes-ws-print = Imprimer
classes-ws-counting = Comptage
classes-ws-counting-task = Sème la case marquée. Où tombe la dernière graine, et combien de graines y a-t-il alors dans cette case ?
classes-ws-puzzles = Problèmes
classes-ws-answers = Corrigés
classes-ws-name = Prénom :

classes-csv-pupil = Élève
classes-csv-username = Nom d'utilisateur
classes-csv-kind = Type
classes-csv-target = Travail
classes-csv-due = Pour le
classes-csv-done = Fait
classes-csv-score = Score
classes-csv-of = Sur
classes-csv-tried = Problèmes essayés
classes-csv-last = Dernière activité (UTC)
classes-csv-minutes = Temps passé (minutes)
