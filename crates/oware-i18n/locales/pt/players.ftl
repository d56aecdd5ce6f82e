# As páginas dos jogadores: perfis, classificações e nova palavra-passe (static/player.html), os
# torneios (static/tournament.html). As mensagens dos seus scripts estão em scripts-people.ftl.

people-loading = A carregar…

## static/player.html

people-title = Jogadores de ouril
people-description = Jogadores de ouril: perfis, pontuações e classificações.
people-ratings = Pontuações
people-category = Categoria
people-deviation = Desvio
people-rated-games = Partidas a contar
people-rating-history = Evolução da pontuação
people-results = Resultados
people-result = Resultado
people-download-all = Descarregar tudo (OGN)
people-ended = Fim
people-side = Lado
people-game = Partida
people-pages = Páginas
people-newer = Mais recentes
people-older = Mais antigas
people-played = Jogado
people-puzzle = Problema
people-leaderboard-note = Os 100 melhores de cada categoria, entre os jogadores com pontuação estabelecida que jogaram nos últimos 30 dias.
people-reset-heading = Escolher uma nova palavra-passe
people-same-again = Repita a palavra-passe
people-reset-submit = Guardar a palavra-passe
people-reset-done = A sua palavra-passe foi guardada. Entre com ela (no canto superior direito).

## static/tournament.html

people-t-title = Torneios de ouril
people-t-description = Torneios de ouril: arenas e torneios suíços, as classificações e as partidas.
people-t-running = A decorrer
people-t-upcoming = Próximos
people-t-finished-heading = Terminados
people-t-create = Criar um torneio
people-t-name = Nome
people-t-kind = Tipo
people-t-kind-arena = Arena
people-t-kind-swiss = Suíço
people-t-minutes = Duração em minutos (arena)
people-t-rounds = Rondas (suíço)
people-t-clock = Minutos no relógio
people-t-increment = Incremento em segundos
people-t-starts-in = Começa dentro de (minutos)
people-t-create-button = Criar
people-t-berserk = Berserk
people-t-play = Ir para a sua partida
people-t-standings = Classificação
people-t-prev = Lugares anteriores
people-t-next = Lugares seguintes
people-t-points = Pontos
people-t-round = Ronda
people-board-tabs = Classificações
people-board-people = Pessoas
people-board-bots = Robôs
