# Ver: a TV e as partidas em curso (static/watch.html). As mensagens dos scripts estão em scripts-watch.ftl.

watch-title = TV { -brand } e partidas em curso
watch-description = Veja a melhor partida de { -brand } que se joga agora, ou escolha qualquer partida em curso.
watch-tv = TV { -brand }
watch-channels = Canais
watch-channel-best = Melhor partida
watch-channel-bots = Bots
watch-channel-tournament = Torneio
watch-eval = Avaliação
watch-open = Abrir a partida
watch-all-games = Todas as partidas em curso
watch-games = Partidas em curso
watch-filter-clock = Ritmo de jogo
watch-filter-any = Todos
watch-clock-blitz = Blitz
watch-clock-rapid = Rápidas
watch-clock-correspondence = Por correspondência
watch-clock-none = Sem relógio
watch-filter-rated = Valendo rating
watch-rated = Valendo rating
watch-casual = Amistosas
watch-filter-bots = Bots
watch-bots-with = Com bots
watch-bots-without = Sem bots
watch-bots-only = Só bots
watch-prev = Anteriores
watch-next = Seguintes
watch-home-tv = Agora na TV { -brand }

## A pesquisa de partidas do perfil (static/player.html)

search-title = Pesquisar as partidas
search-opponent = Adversário
search-result = Resultado
search-win = Vitórias
search-draw = Empates
search-loss = Derrotas
search-ending = Fim
search-ending-capture = Captura
search-ending-cycle = Ciclo
search-ending-agreement = Acordo
search-ending-time = Tempo
search-ending-resign = Desistência
search-opening = Primeiros lances
search-go = Pesquisar
