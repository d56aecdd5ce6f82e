# The analysis board (static/js/study.js) and the board editor (static/js/editor.js). Pit and
# move letters (A–F, a–f), position text and evaluations (+1.50) are notation. $name is a
# player's name or a side (South, North).

study-south = Sul
study-north = Norte
study-engine-start = Analisar
study-engine-stop = Parar o motor
study-pit = { $pit }, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}, casa de { $name }
study-store = Depósito de { $name }: { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
study-to-move = Joga { $name }.
study-over-win = Jogo terminado: { $name } ganha, { $south }–{ $north }.
study-over-draw = Jogo terminado: empate, { $south }–{ $north }.
study-tables-none = Sem valores aqui: as tabelas de finais cobrem as posições com poucas sementes no tabuleiro.
study-why-other-row = É a vez de { $name }: jogue uma casa da fila de { $name }.
study-tree-empty = Jogue uma jogada no tabuleiro. Uma jogada a partir de uma posição anterior abre uma variante.
study-move-label = Jogada { $number }, { $name }: { $move }
study-engine-over = Nesta posição o jogo terminou.
study-engine-pv = { $line } (o melhor para { $name })
study-engine-depth-done = { $depth } (concluído)
study-imported = Jogo importado: { $plies ->
    [one] { $plies } jogada
   *[other] { $plies } jogadas
}.
study-copied = Ligação copiada.
study-bad-link = Não é possível mostrar a posição desta ligação ({ $why }): aqui está a posição inicial.
editor-pit = { $pit }, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}, casa de { $name }
editor-store = Depósito de { $name }: { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
editor-left = Sementes que faltam: { $left } de { $total }
editor-too-many = { $over ->
    [one] { $over } semente a mais
   *[other] { $over } sementes a mais
}: um jogo tem { $total }.
editor-valid = Um jogo pode chegar a esta posição: joga { $name }.
editor-refused = Esta posição não pode vir de um jogo: { $why }
editor-bad-text = Isto não é texto de posição: doze contagens de sementes, dois depósitos e S ou N, separados por hífenes.
editor-copied = Texto da posição copiado.
