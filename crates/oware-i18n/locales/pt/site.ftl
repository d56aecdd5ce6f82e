# A moldura do site: o cabeçalho de todas as páginas e as palavras que várias páginas partilham.

-brand = Oware

nav-main = Principal
nav-home = { -brand }, início
nav-play = Jogar
nav-puzzles = Problemas
nav-learn = Aprender
nav-tournaments = Torneios
nav-tv = TV
nav-leaderboard = Classificação
nav-rules = Regras
nav-tips = Dicas
nav-faq = FAQ
nav-account = Conta
lang-menu = Idioma
