# Ver: a TV, as partidas em curso e o tabuleiro da TV na página inicial (static/js/watch.js, static/js/miniboard.js, static/js/hometv.js).

watch-none = Não há nenhuma partida neste canal agora: a próxima aparece aqui assim que começar.
watch-none-list = Nenhuma partida em curso corresponde.
watch-count = { $count ->
    [one] Uma partida em curso
   *[other] { $count } partidas em curso
}
watch-page = Página { $page } de { $pages }
watch-board-label = { $south } (Sul) contra { $north } (Norte), depois de { $ply ->
    [one] um lance
   *[other] { $ply } lances
}; vez de { $turn }. Depósitos: Sul { $south_store }, Norte { $north_store }.
watch-result-win = { $name } venceu. A próxima partida vem já a seguir.
watch-result-draw = Empate. A próxima partida vem já a seguir.
watch-result-none = A partida terminou sem resultado. A próxima partida vem já a seguir.
watch-eval-south = Sul { $score }
watch-eval-busy = O motor está ocupado: a avaliação volta no próximo lance.
watch-watch = Ver

## A pesquisa de partidas do perfil (static/js/gamesearch.js)

search-none = Nenhuma partida encontrada.
search-hit-win = Vitória contra { $opponent } em { $plies } lances, a { $date }
search-hit-draw = Empate contra { $opponent } em { $plies } lances, a { $date }
search-hit-loss = Derrota contra { $opponent } em { $plies } lances, a { $date }
