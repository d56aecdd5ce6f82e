# Le cadre du site : l'en-tête de chaque page et les mots que plusieurs pages partagent.

-brand = Oware

nav-main = Principal
nav-home = { -brand }, accueil
nav-play = Jouer
nav-puzzles = Problèmes
nav-learn = Apprendre
nav-tournaments = Tournois
nav-tv = Télé
nav-leaderboard = Classement
nav-rules = Règles
nav-tips = Conseils
nav-faq = FAQ
nav-account = Compte
lang-menu = Langue
